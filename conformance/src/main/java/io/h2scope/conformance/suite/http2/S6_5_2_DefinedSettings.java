package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FLOW_CONTROL_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.settings.SettingId;
import java.util.List;

/** RFC 7540 §6.5.2 (RFC 9113 §6.5.2): defined SETTINGS parameters and their ranges. */
public final class S6_5_2_DefinedSettings implements Section {

    private static final String MAX_FRAME_SIZE = "The value advertised by an endpoint MUST be between this initial value and the maximum allowed frame size (2^24-1 or 16,777,215 octets), inclusive. Values outside this range MUST be treated as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";

    @Override
    public String id() {
        return "http2/6.5.2";
    }

    @Override
    public String title() {
        return "Defined SETTINGS Parameters";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                invalid("enable-push-not-0-or-1", "http2/6.5.2/1", SettingId.ENABLE_PUSH, 2,
                        "Any value other than 0 or 1 MUST be treated as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.",
                        PROTOCOL_ERROR),
                invalid("initial-window-size-too-large", "http2/6.5.2/2", SettingId.INITIAL_WINDOW_SIZE, 1L << 31,
                        "Values above the maximum flow-control window size of 2^31-1 MUST be treated as a connection error (Section 5.4.1) of type FLOW_CONTROL_ERROR.",
                        FLOW_CONTROL_ERROR),
                invalid("max-frame-size-too-small", "http2/6.5.2/3", SettingId.MAX_FRAME_SIZE, 16383, MAX_FRAME_SIZE,
                        PROTOCOL_ERROR),
                invalid("max-frame-size-too-large", "http2/6.5.2/4", SettingId.MAX_FRAME_SIZE, 1 << 24, MAX_FRAME_SIZE,
                        PROTOCOL_ERROR),
                CaseDef.define("http2/6.5.2/unknown-setting").h2spec("http2/6.5.2/5").rfc("6.5.2", "6.5.2")
                        .sends("SETTINGS with the unknown identifier 0xff = 1, then a PING")
                        .quote("An endpoint that receives a SETTINGS frame with any unknown or unsupported identifier MUST ignore that setting.")
                        .accepts("the PING is answered; no error")
                        .run(p -> {
                            p.handshake();
                            p.send(SettingsFrame.of(new RawSetting(0xff, 1)));
                            return Expect.noError(p);
                        }));
    }

    private static CaseDef invalid(String slug, String h2spec, SettingId id, long value, String quote, ErrorCode code) {
        return CaseDef.define("http2/6.5.2/" + slug).h2spec(h2spec).rfc("6.5.2", "6.5.2")
                .sends("SETTINGS with " + id + " = " + value).quote(quote).accepts("GOAWAY with " + code).errorCase()
                .run(p -> {
                    p.handshake();
                    p.send(SettingsFrame.of(new RawSetting(id.code(), value)));
                    return Expect.connectionError(p, code);
                });
    }
}
