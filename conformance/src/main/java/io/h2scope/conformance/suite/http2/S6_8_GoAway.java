package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.FrameType;
import java.util.List;

/** RFC 7540 §6.8 (RFC 9113 §6.8): GOAWAY. */
public final class S6_8_GoAway implements Section {

    @Override
    public String id() {
        return "http2/6.8";
    }

    @Override
    public String title() {
        return "GOAWAY";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("http2/6.8/nonzero-stream-id").h2spec("http2/6.8/1").rfc("6.8", "6.8")
                .sends("a GOAWAY on stream 1")
                .quote("An endpoint MUST treat a GOAWAY frame with a stream identifier other than 0x00 as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                .run(p -> {
                    p.handshake();
                    // length: 8, type: GOAWAY, flags: 0, stream: 1; last stream 0, NO_ERROR
                    p.writeRawFrame(FrameType.GOAWAY.code(), 0, 1, new byte[8]);
                    return Expect.connectionError(p, PROTOCOL_ERROR);
                }));
    }
}
