package io.h2scope.conformance.suite.hpack;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.engine.settings.SettingId;
import java.util.List;

/** RFC 7541 §6.3: a size update above the limit SETTINGS_HEADER_TABLE_SIZE set. */
public final class H6_3_DynamicTableSizeUpdate implements Section {

    /** RFC 9113 §6.5.2: SETTINGS_HEADER_TABLE_SIZE starts at 4,096. */
    private static final long DEFAULT_TABLE_SIZE = 4096;

    @Override
    public String id() {
        return "hpack/6.3";
    }

    @Override
    public String title() {
        return "Dynamic Table Size Update";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(BrokenBlocks.decodingError("hpack/6.3/size-update-above-limit", "hpack/6.3/1", "6.3",
                "a GET block that starts with a size update to the target's SETTINGS_HEADER_TABLE_SIZE + 1",
                "The new maximum size MUST be lower than or equal to the limit determined by the protocol using HPACK. A value that exceeds this limit MUST be treated as a decoding error. In HTTP/2, this limit is the last value of the SETTINGS_HEADER_TABLE_SIZE parameter (see Section 6.5.2 of [HTTP2]) received from the decoder and acknowledged by the encoder (see Section 6.5.3 of [HTTP2]).",
                (p, w) -> {
                    long limit = p.serverSetting(SettingId.HEADER_TABLE_SIZE).orElse(DEFAULT_TABLE_SIZE);
                    p.note("target's SETTINGS_HEADER_TABLE_SIZE: " + limit + "; the update asks for " + (limit + 1));
                    w.encodeInteger(0x20, 5, limit + 1); // RFC 7541 §6.3: '001' then a 5-bit-prefix integer
                    BrokenBlocks.head(p, w);
                }));
    }
}
