package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.STREAM_CLOSED;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.AcceptedCode;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.List;
import java.util.Optional;

/** RFC 7540 §5.1 (RFC 9113 §5.1): frames that are not allowed in a stream's state. */
public final class S5_1_StreamStates implements Section {

    private static final String IDLE = "Receiving any frame other than HEADERS or PRIORITY on a stream in this state MUST be treated as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";
    private static final String HALF_CLOSED = "If an endpoint receives additional frames, other than WINDOW_UPDATE, PRIORITY, or RST_STREAM, for a stream that is in this state, it MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED.";
    private static final String AFTER_RST = "An endpoint that receives any frame other than PRIORITY after receiving a RST_STREAM MUST treat that as a stream error (Section 5.4.2) of type STREAM_CLOSED.";
    /*
     * RFC 7540's two MUSTs for frames on a closed stream (AFTER_RST, AFTER_END_STREAM) are gone from
     * RFC 9113 §5.1, which obsoletes it: "An endpoint MAY treat receipt of any other type of frame on a
     * closed stream as a connection error (Section 5.4.1) of type STREAM_CLOSED" and "In the absence of
     * more specific rules, implementations SHOULD treat the receipt of a frame that is not expressly
     * permitted ... as a connection error (Section 5.4.1) of type PROTOCOL_ERROR". A server that
     * discards such frames follows RFC 9113, so these cases are SHOULD-level (run with --strict, where
     * they hold a target to h2spec's RFC 7540 reading) and accept PROTOCOL_ERROR as well.
     */
    private static final String CLOSED_9113 = " RFC 9113 §5.1 relaxes this: \"An endpoint MAY treat receipt of any other type of frame on a closed stream as a connection error (Section 5.4.1) of type STREAM_CLOSED\".";
    private static final String DATA_CLOSED = "If a DATA frame is received whose stream is not in the \"open\" or \"half-closed (local)\" state, the recipient MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED.";
    private static final String AFTER_END_STREAM = "Similarly, an endpoint that receives any frames after receiving a frame with the END_STREAM flag set MUST treat that as a connection error (Section 5.4.1) of type STREAM_CLOSED, unless the frame is permitted as described below.";

    @Override
    public String id() {
        return "http2/5.1";
    }

    @Override
    public String title() {
        return "Stream States";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                idle("idle-data", "http2/5.1/1", "DATA on idle stream 1", p -> Script.data(p, 1, "test", true)),
                idle("idle-rst-stream", "http2/5.1/2", "RST_STREAM on idle stream 1",
                        p -> p.send(RstStreamFrame.of(1, ErrorCode.CANCEL))),
                idle("idle-window-update", "http2/5.1/3", "WINDOW_UPDATE on idle stream 1",
                        p -> p.send(WindowUpdateFrame.of(1, 100))),
                idle("idle-continuation", "http2/5.1/4", "CONTINUATION on idle stream 1",
                        p -> Script.continuation(p, 1, Script.getBlock(p), true)),
                halfClosed("half-closed-remote-data", "http2/5.1/5", "DATA after the request's END_STREAM",
                        p -> Script.data(p, 1, "test", true), STREAM_CLOSED),
                halfClosed("half-closed-remote-headers", "http2/5.1/6", "a second HEADERS after the request's END_STREAM",
                        p -> Script.get(p, 1), STREAM_CLOSED),
                halfClosed("half-closed-remote-continuation", "http2/5.1/7",
                        "a CONTINUATION after a complete HEADERS with END_STREAM",
                        p -> Script.continuation(p, 1, Script.dummyBlock(p), true), S6_10_Continuation.ON_HALF_CLOSED),
                afterReset("closed-after-rst-data", "http2/5.1/8", "DATA after our RST_STREAM",
                        p -> Script.data(p, 1, "test", true), STREAM_CLOSED, PROTOCOL_ERROR),
                afterReset("closed-after-rst-headers", "http2/5.1/9", "HEADERS after our RST_STREAM",
                        p -> Script.get(p, 1), STREAM_CLOSED, PROTOCOL_ERROR),
                afterReset("closed-after-rst-continuation", "http2/5.1/10", "CONTINUATION after our RST_STREAM",
                        p -> Script.continuation(p, 1, Script.dummyBlock(p), true), STREAM_CLOSED, PROTOCOL_ERROR),
                closedData(),
                closed("closed-headers", "http2/5.1/12", "HEADERS on a stream the target has ended",
                        p -> Script.get(p, 1), STREAM_CLOSED, PROTOCOL_ERROR),
                closed("closed-continuation", "http2/5.1/13", "CONTINUATION on a stream the target has ended",
                        p -> Script.continuation(p, 1, Script.dummyBlock(p), true), STREAM_CLOSED, PROTOCOL_ERROR));
    }

    /** One frame sent after the handshake and set-up. */
    @FunctionalInterface
    private interface Step {
        void send(Peer p);
    }

    private static CaseDef idle(String slug, String h2spec, String what, Step step) {
        return CaseDef.define("http2/5.1/" + slug).h2spec(h2spec).rfc("5.1", "5.1")
                .sends(what).quote(IDLE).accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                .run(p -> {
                    p.handshake();
                    step.send(p);
                    return Expect.connectionError(p, PROTOCOL_ERROR);
                });
    }

    private static CaseDef halfClosed(String slug, String h2spec, String what, Step step, ErrorCode... codes) {
        return halfClosed(slug, h2spec, what, step, java.util.Arrays.stream(codes).map(c -> AcceptedCode.of(c, ""))
                .toArray(AcceptedCode[]::new));
    }

    private static CaseDef halfClosed(String slug, String h2spec, String what, Step step, AcceptedCode... codes) {
        return CaseDef.define("http2/5.1/" + slug).h2spec(h2spec).rfc("5.1", "5.1")
                .sends("INITIAL_WINDOW_SIZE = 0, a GET, then " + what).quote(HALF_CLOSED)
                .accepts("RST_STREAM (or GOAWAY) with " + String.join(" or ",
                        java.util.Arrays.stream(codes).map(c -> c.code().name()).toList())).errorCase()
                .run(p -> {
                    p.handshake();
                    // A server that answers at once would otherwise have ended its side before our frame
                    // arrives, turning "half-closed (remote)" into "closed" (RFC9113 §5.1: frames there MAY
                    // be ignored). A zero window holds its response DATA back, so the stream stays
                    // half-closed (remote) on its side when the frame arrives.
                    Script.initialWindow(p, 0);
                    Optional<Verdict> setUp = Script.awaitSettingsAck(p);
                    if (setUp.isPresent()) {
                        return setUp.get();
                    }
                    Script.get(p, 1);
                    step.send(p);
                    return Expect.streamError(p, 1, codes);
                });
    }

    private static CaseDef afterReset(String slug, String h2spec, String what, Step step, ErrorCode... codes) {
        return CaseDef.define("http2/5.1/" + slug).h2spec(h2spec).rfc("5.1", "5.1")
                .sends("INITIAL_WINDOW_SIZE = 0, a GET head, our RST_STREAM CANCEL, then " + what).quote(AFTER_RST + CLOSED_9113)
                .should().accepts("RST_STREAM (or GOAWAY) with " + names(codes) + "; SKIP when the target had answered and "
                        + "reset the stream itself before our frame arrived (§5.1: it then ignores frames on it)").errorCase()
                .run(p -> {
                    p.handshake();
                    // a zero window holds back a response that would otherwise end the stream (and, on servers that
                    // answer early, reset it) before our frames arrive: then the target would be right to ignore them
                    Script.initialWindow(p, 0);
                    Optional<Verdict> setUp = Script.awaitSettingsAck(p);
                    if (setUp.isPresent()) {
                        return setUp.get();
                    }
                    p.send(HeadersFrame.of(1, Script.getBlock(p), false, true));
                    p.send(RstStreamFrame.of(1, ErrorCode.CANCEL));
                    step.send(p);
                    return Expect.streamErrorAfterOurReset(p, 1, codes);
                });
    }

    private static CaseDef closed(String slug, String h2spec, String what, Step step, ErrorCode... codes) {
        return CaseDef.define("http2/5.1/" + slug).h2spec(h2spec).rfc("5.1", "5.1")
                .sends("a GET, waits for the response to end, then " + what).quote(AFTER_END_STREAM + CLOSED_9113).should()
                .accepts("GOAWAY with " + names(codes)).errorCase()
                .run(p -> {
                    p.handshake();
                    Script.get(p, 1);
                    Optional<Verdict> setUp = Script.awaitStreamEnd(p, 1);
                    if (setUp.isPresent()) {
                        return setUp.get();
                    }
                    step.send(p);
                    return Expect.connectionError(p, codes);
                });
    }

    /**
     * DATA on a closed stream: RFC 7540 §5.1 demands a connection error, but §6.1 of both RFCs demands a
     * stream error, and RFC 9113 §5.1 turned the connection error into a MAY. Both are accepted (as h2spec
     * http2/5.1/11 does); under --strict too, since a stream error is what §6.1 requires.
     */
    private static CaseDef closedData() {
        return CaseDef.define("http2/5.1/closed-data").h2spec("http2/5.1/11").rfc("5.1", "6.1")
                .sends("a GET, waits for the response to end, then DATA on that stream").quote(DATA_CLOSED)
                .accepts("RST_STREAM or GOAWAY with STREAM_CLOSED").errorCase()
                .run(p -> {
                    p.handshake();
                    Script.get(p, 1);
                    Optional<Verdict> setUp = Script.awaitStreamEnd(p, 1);
                    if (setUp.isPresent()) {
                        return setUp.get();
                    }
                    Script.data(p, 1, "test", true);
                    // RFC9113 §6.1: "If a DATA frame is received whose stream is not in the "open" or "half-closed (local)" state, the recipient MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED."
                    // RFC9113 §5.1: "An endpoint MAY treat receipt of any other type of frame on a closed stream as a connection error (Section 5.4.1) of type STREAM_CLOSED"
                    return Expect.streamError(p, 1, STREAM_CLOSED);
                });
    }

    private static String names(ErrorCode... codes) {
        return String.join(" or ", java.util.Arrays.stream(codes).map(Enum::name).toList());
    }
}
