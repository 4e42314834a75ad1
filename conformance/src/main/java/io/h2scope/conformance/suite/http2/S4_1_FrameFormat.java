package io.h2scope.conformance.suite.http2;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.FrameType;
import java.util.List;

/** RFC 7540 §4.1 (RFC 9113 §4.1): frame format: unknown types, unknown flags, the reserved bit. */
public final class S4_1_FrameFormat implements Section {

    @Override
    public String id() {
        return "http2/4.1";
    }

    @Override
    public String title() {
        return "Frame Format";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/4.1/unknown-frame-type").h2spec("http2/4.1/1").rfc("4.1", "4.1")
                        .sends("a frame of type 0x16 (unknown), length 8, then a PING")
                        .quote("Implementations MUST ignore and discard frames of unknown types.")
                        .accepts("the PING is answered; no error")
                        .run(p -> {
                            p.handshake();
                            // length: 8, type: 0x16 (unassigned), flags: 0, stream: 0
                            p.writeRawFrame(0x16, 0, 0, new byte[8]);
                            return Expect.noError(p);
                        }),
                CaseDef.define("http2/4.1/undefined-flags").h2spec("http2/4.1/2").rfc("4.1", "4.1")
                        .sends("a PING with flags 0x16 (undefined bits set, no ACK)")
                        .quote("Flags that have no defined semantics for a particular frame type MUST be ignored and MUST be left unset (0x00) when sending.")
                        .accepts("a PING ACK with the same payload")
                        .run(p -> {
                            p.handshake();
                            long payload = 0x756e646566000000L; // "undef"
                            p.writeRawFrame(FrameType.PING.code(), 0x16, 0, longBytes(payload));
                            return Expect.pingAck(p, payload);
                        }),
                CaseDef.define("http2/4.1/reserved-bit-set").h2spec("http2/4.1/3").rfc("4.1", "4.1")
                        .sends("a PING with undefined flags and the reserved bit of the stream identifier set")
                        .quote("The semantics of this bit are undefined, and the bit MUST remain unset (0x0) when sending and MUST be ignored when receiving.")
                        .accepts("a PING ACK with the same payload")
                        .run(p -> {
                            p.handshake();
                            long payload = 0x7265736276640000L; // "resbvd"
                            // length: 8, type: PING, flags: 0x16, R: 1, stream: 0
                            p.writeRawFrame(8, FrameType.PING.code(), 0x16, 0, true, longBytes(payload));
                            return Expect.pingAck(p, payload);
                        }));
    }

    static byte[] longBytes(long value) {
        byte[] bytes = new byte[8];
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (value >>> (56 - 8 * i));
        }
        return bytes;
    }
}
