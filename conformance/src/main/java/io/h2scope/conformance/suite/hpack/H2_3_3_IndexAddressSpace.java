package io.h2scope.conformance.suite.hpack;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.engine.hpack.Representation;
import java.util.List;

/** RFC 7541 §2.3.3: the index address space; an index past both tables. */
public final class H2_3_3_IndexAddressSpace implements Section {

    private static final String QUOTE = "Indices strictly greater than the sum of the lengths of both tables MUST be treated as a decoding error.";
    /** Beyond the 61 static entries and an empty dynamic table. */
    private static final int OUT_OF_RANGE = 70;

    @Override
    public String id() {
        return "hpack/2.3.3";
    }

    @Override
    public String title() {
        return "Index Address Space";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                BrokenBlocks.decodingError("hpack/2.3.3/indexed-field-out-of-range", "hpack/2.3.3/1", "2.3.3",
                        "a GET block whose last field is indexed 70 while the dynamic table is empty", QUOTE,
                        (p, w) -> {
                            BrokenBlocks.head(p, w);
                            w.encodeIndexed(OUT_OF_RANGE);
                        }),
                BrokenBlocks.decodingError("hpack/2.3.3/literal-name-out-of-range", "hpack/2.3.3/2", "2.3.3",
                        "a GET block whose last field is a literal without indexing naming index 70 (dynamic table empty)",
                        QUOTE, (p, w) -> {
                            BrokenBlocks.head(p, w);
                            w.encodeLiteral(OUT_OF_RANGE, "h2scope", Representation.LITERAL_NOT_INDEXED, false);
                        }));
    }
}
