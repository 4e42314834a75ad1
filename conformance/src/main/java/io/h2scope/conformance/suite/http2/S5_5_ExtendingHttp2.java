package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.HeadersFrame;
import java.util.List;

/** RFC 7540 §5.5 (RFC 9113 §5.5): extensions. */
public final class S5_5_ExtendingHttp2 implements Section {

    @Override
    public String id() {
        return "http2/5.5";
    }

    @Override
    public String title() {
        return "Extending HTTP/2";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/5.5/unknown-extension-frame").h2spec("http2/5.5/1").rfc("5.5", "5.5")
                        .sends("an extension frame of type 0x16, then a PING")
                        .quote("Implementations MUST ignore unknown or unsupported values in all extensible protocol elements.")
                        .accepts("the PING is answered; no error")
                        .run(p -> {
                            p.handshake();
                            p.writeRawFrame(0x16, 0, 0, new byte[8]);
                            return Expect.noError(p);
                        }),
                CaseDef.define("http2/5.5/unknown-frame-inside-field-block").h2spec("http2/5.5/2").rfc("5.5", "5.5")
                        .sends("HEADERS without END_HEADERS, then an extension frame of type 0x16")
                        .quote("Extension frames that appear in the middle of a field block (Section 4.3) are not permitted; these MUST be treated as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), true, false));
                            p.writeRawFrame(0x16, 0, 0, new byte[8]);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }));
    }
}
