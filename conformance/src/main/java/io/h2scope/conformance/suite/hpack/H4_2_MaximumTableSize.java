package io.h2scope.conformance.suite.hpack;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.engine.hpack.Representation;
import java.util.List;

/**
 * RFC 7541 §4.2: a size update belongs at the start of a block. (The limit a size update may not
 * exceed is §6.3; h2spec numbers them the same way.)
 */
public final class H4_2_MaximumTableSize implements Section {

    private static final String QUOTE = "This dynamic table size update MUST occur at the beginning of the first header block following the change to the dynamic table size.";

    @Override
    public String id() {
        return "hpack/4.2";
    }

    @Override
    public String title() {
        return "Maximum Table Size";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                BrokenBlocks.decodingError("hpack/4.2/size-update-at-end-of-block", "hpack/4.2/1", "4.2",
                        "a GET block that ends with a dynamic table size update to 0", QUOTE,
                        (p, w) -> {
                            BrokenBlocks.head(p, w);
                            w.encodeSizeUpdate(0);
                        }),
                BrokenBlocks.decodingError("hpack/4.2/size-update-between-fields", null, "4.2",
                        "a GET head, a dynamic table size update to 0, then one more field (x-h2scope: one)",
                        QUOTE, (p, w) -> {
                            BrokenBlocks.head(p, w);
                            w.encodeSizeUpdate(0);
                            w.encodeLiteral("x-h2scope", "one", Representation.LITERAL_NOT_INDEXED, false);
                        }));
    }
}
