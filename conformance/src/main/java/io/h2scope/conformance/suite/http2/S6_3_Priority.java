package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import java.util.List;

/** RFC 7540 §6.3 (RFC 9113 §6.3): PRIORITY. */
public final class S6_3_Priority implements Section {

    @Override
    public String id() {
        return "http2/6.3";
    }

    @Override
    public String title() {
        return "PRIORITY";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.3/stream-id-zero").h2spec("http2/6.3/1").rfc("6.3", "6.3")
                        .sends("a PRIORITY frame on stream 0")
                        .quote("If a PRIORITY frame is received with a stream identifier of 0x00, the recipient MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(PriorityFrame.of(0, new Priority(0, false, 256)));
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.3/length-not-5").h2spec("http2/6.3/2").rfc("6.3", "6.3")
                        .sends("a GET, then a PRIORITY frame of length 4 on its stream")
                        .quote("A PRIORITY frame with a length other than 5 octets MUST be treated as a stream error (Section 5.4.2) of type FRAME_SIZE_ERROR.")
                        .accepts("RST_STREAM (or GOAWAY) with FRAME_SIZE_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            // length: 4, type: PRIORITY, flags: 0, stream: 1
                            p.writeRawFrame(FrameType.PRIORITY.code(), 0, 1, new byte[] {(byte) 0x80, 0, 0, 1});
                            return Expect.streamError(p, 1, FRAME_SIZE_ERROR);
                        }));
    }
}
