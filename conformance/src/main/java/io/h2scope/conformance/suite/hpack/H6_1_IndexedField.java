package io.h2scope.conformance.suite.hpack;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import java.util.List;

/** RFC 7541 §6.1: indexed header field representation; index 0. */
public final class H6_1_IndexedField implements Section {

    @Override
    public String id() {
        return "hpack/6.1";
    }

    @Override
    public String title() {
        return "Indexed Header Field Representation";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(BrokenBlocks.decodingError("hpack/6.1/index-zero", "hpack/6.1/1", "6.1",
                "a GET block whose last field is indexed 0 (octet 0x80)",
                "The index value of 0 is not used. It MUST be treated as a decoding error if found in an indexed header field representation.",
                (p, w) -> {
                    BrokenBlocks.head(p, w);
                    w.encodeIndexed(0);
                }));
    }
}
