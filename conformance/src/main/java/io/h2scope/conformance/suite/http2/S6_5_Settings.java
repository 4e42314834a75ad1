package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import java.util.List;

/** RFC 7540 §6.5 (RFC 9113 §6.5): SETTINGS frame format. */
public final class S6_5_Settings implements Section {

    @Override
    public String id() {
        return "http2/6.5";
    }

    @Override
    public String title() {
        return "SETTINGS";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.5/ack-with-payload").h2spec("http2/6.5/1").rfc("6.5", "6.5")
                        .sends("a SETTINGS frame with ACK and a 1-octet payload")
                        .quote("Receipt of a SETTINGS frame with the ACK flag set and a length field value other than 0 MUST be treated as a connection error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                        .accepts("GOAWAY with FRAME_SIZE_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 1, type: SETTINGS, flags: ACK, stream: 0
                            p.writeRawFrame(FrameType.SETTINGS.code(), Flags.ACK, 0, new byte[1]);
                            return Expect.connectionError(p, FRAME_SIZE_ERROR);
                        }),
                CaseDef.define("http2/6.5/nonzero-stream-id").h2spec("http2/6.5/2").rfc("6.5", "6.5")
                        .sends("a SETTINGS frame (MAX_CONCURRENT_STREAMS=100) on stream 1")
                        .quote("If an endpoint receives a SETTINGS frame whose Stream Identifier field is anything other than 0x00, the endpoint MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 6, type: SETTINGS, flags: 0, stream: 1; MAX_CONCURRENT_STREAMS = 100
                            p.writeRawFrame(FrameType.SETTINGS.code(), 0, 1, new byte[] {0, 3, 0, 0, 0, 100});
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.5/length-not-multiple-of-6").h2spec("http2/6.5/3").rfc("6.5", "6.5")
                        .sends("a SETTINGS frame of length 8")
                        .quote("A SETTINGS frame with a length other than a multiple of 6 octets MUST be treated as a connection error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                        .accepts("GOAWAY with FRAME_SIZE_ERROR (PROTOCOL_ERROR also accepted: \"A badly formed or incomplete SETTINGS frame MUST be treated as a connection error ... PROTOCOL_ERROR\")")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 8, type: SETTINGS, flags: 0, stream: 0
                            p.writeRawFrame(FrameType.SETTINGS.code(), 0, 0, new byte[] {0, 3, 0, 0, 0, 100, 0, 2});
                            return Expect.connectionError(p, FRAME_SIZE_ERROR, PROTOCOL_ERROR);
                        }));
    }
}
