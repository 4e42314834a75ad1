package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/** RFC 7540 §4.2 (RFC 9113 §4.2): frame size. */
public final class S4_2_FrameSize implements Section {

    @Override
    public String id() {
        return "http2/4.2";
    }

    @Override
    public String title() {
        return "Frame Size";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/4.2/data-of-max-default-size").h2spec("http2/4.2/1").rfc("4.2", "4.2")
                        .sends("a POST whose DATA frame carries exactly 2^14 octets")
                        .quote("All implementations MUST be capable of receiving and minimally processing frames up to 2^14 octets in length, plus the 9-octet frame header (Section 4.1).")
                        .accepts("a response on the stream")
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            p.writeRawFrame(FrameType.DATA.code(), Flags.END_STREAM, 1, filled(1 << 14));
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("http2/4.2/data-above-max-frame-size").h2spec("http2/4.2/2").rfc("4.2", "4.2")
                        .sends("a DATA frame one octet longer than the target's SETTINGS_MAX_FRAME_SIZE")
                        .quote("An endpoint MUST send an error code of FRAME_SIZE_ERROR if a frame exceeds the size defined in SETTINGS_MAX_FRAME_SIZE, exceeds any limit defined for the frame type, or is too small to contain mandatory frame data.")
                        .accepts("RST_STREAM or GOAWAY with FRAME_SIZE_ERROR")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            OptionalInt length = p.lengthAboveServerMaxFrameSize();
                            if (length.isEmpty()) {
                                return tooLargeToExceed(p);
                            }
                            Script.openPost(p, 1);
                            p.writeRawFrame(FrameType.DATA.code(), Flags.END_STREAM, 1, filled(length.getAsInt()));
                            return Expect.streamError(p, 1, FRAME_SIZE_ERROR);
                        }),
                CaseDef.define("http2/4.2/headers-above-max-frame-size").h2spec("http2/4.2/3").rfc("4.2", "4.2")
                        .sends("a HEADERS frame (valid field block) one octet longer than SETTINGS_MAX_FRAME_SIZE")
                        .quote("A frame size error in a frame that could alter the state of the entire connection MUST be treated as a connection error (Section 5.4.1); this includes any frame carrying a field block (Section 4.3) (that is, HEADERS, PUSH_PROMISE, and CONTINUATION), a SETTINGS frame, and any frame with a stream identifier of 0.")
                        .accepts("GOAWAY with FRAME_SIZE_ERROR")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            OptionalInt length = p.lengthAboveServerMaxFrameSize();
                            if (length.isEmpty()) {
                                return tooLargeToExceed(p);
                            }
                            p.writeRawFrame(FrameType.HEADERS.code(), Flags.END_STREAM | Flags.END_HEADERS, 1,
                                    blockOfLength(p, length.getAsInt()));
                            return Expect.connectionError(p, FRAME_SIZE_ERROR);
                        }));
    }

    /** The honest answer when the target allows the largest frame the Length field can express. */
    static Verdict tooLargeToExceed(Peer p) {
        p.note("the target advertised SETTINGS_MAX_FRAME_SIZE = 2^24-1: no frame can exceed it");
        return Verdict.skip("the target advertised SETTINGS_MAX_FRAME_SIZE = 16777215 (2^24-1), the largest value a "
                + "24-bit Length can carry: no oversized frame exists to send");
    }

    static byte[] filled(int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) 'x');
        return bytes;
    }

    /** A valid GET field block padded with a never-indexed x-dummy literal to exactly {@code length} octets. */
    static byte[] blockOfLength(Peer p, int length) {
        byte[] head = Script.getBlock(p);
        for (int valueLength = Math.max(0, length - head.length - 16); ; valueLength++) {
            HpackOutput out = new HpackOutput(length + 16);
            out.write(head, 0, head.length);
            new HpackWriter(out).encodeLiteral("x-dummy", "x".repeat(valueLength), Representation.LITERAL_NEVER_INDEXED, false);
            if (out.size() >= length) {
                return Arrays.copyOf(out.toByteArray(), Math.max(length, out.size()));
            }
        }
    }
}
