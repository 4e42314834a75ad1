package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.ResponseScripts.faultThenResponse;
import static io.h2scope.conformance.client.cases.ResponseScripts.field;
import static io.h2scope.conformance.client.cases.ResponseScripts.ok;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** RFC 9113 §6.4: RST_STREAM from the server, as the client must take it. */
public final class C6_4_RstStream implements ClientSection {

    private static final String TERMINATES = "The RST_STREAM frame fully terminates the referenced stream and causes "
            + "it to enter the \"closed\" state.";
    private static final long PING_DATA = 0x7273_745f_7069_6e67L;
    /** The stream window a client starts with, which the upload case waits to see used up. */
    private static final int INITIAL_WINDOW = 65_535;

    @Override
    public String id() {
        return "client/6.4";
    }

    @Override
    public String title() {
        return "RST_STREAM";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(cancelMidBody(), internalErrorMidBody(), beforeResponse(), noErrorBeforeResponse(),
                noResetInReplyToReset(), noFramesAfterReset(), streamZero(), idleStream(), wrongLength());
    }

    static ClientCase cancelMidBody() {
        return ClientCase.define("client/6.4/cancel-mid-body").rfc("RFC 9113 §6.4").quote(TERMINATES)
                .does("sends 200 with content-length: 10 and 5 octets, then RST_STREAM CANCEL (a retry is answered)")
                .run(resetAfter(ErrorCode.CANCEL, (peer, s) -> {
                    peer.headers(s, ok(field("content-length", "10")), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                }));
    }

    static ClientCase internalErrorMidBody() {
        return ClientCase.define("client/6.4/internal-error-mid-body").rfc("RFC 9113 §6.4").quote(TERMINATES)
                .does("sends 200 without content-length and 5 octets, then RST_STREAM INTERNAL_ERROR (a retry is "
                        + "answered)")
                .run(resetAfter(ErrorCode.INTERNAL_ERROR, (peer, s) -> {
                    peer.headers(s, ok(), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                }));
    }

    static ClientCase beforeResponse() {
        return ClientCase.define("client/6.4/internal-error-before-response").rfc("RFC 9113 §6.4").quote(TERMINATES)
                .does("answers the request with RST_STREAM INTERNAL_ERROR and nothing else (a retry is answered)")
                .run(resetAfter(ErrorCode.INTERNAL_ERROR, (peer, s) -> { }));
    }

    static ClientCase noErrorBeforeResponse() {
        return ClientCase.define("client/6.4/no-error-before-response").rfc("RFC 9113 §6.4").quote(TERMINATES)
                .does("answers the request with RST_STREAM NO_ERROR and no response at all (a retry is answered)")
                .run(resetAfter(ErrorCode.NO_ERROR, (peer, s) -> { }));
    }

    /** The script, then RST_STREAM {@code code}: the request failed, or a retry answered; never a success without. */
    private static ClientCaseBody resetAfter(ErrorCode code, ResponseScripts.Script script) {
        return ResponseScripts.onGet((stage, peer, stream) -> {
            ResponseScripts.playTolerant(peer, stream, (p, s) -> {
                script.play(p, s);
                p.send(RstStreamFrame.of(s, code));
            });
            RetryServer retries = RetryServer.after(stage, peer, stream).serve();
            return retries.retriedOrFailed("the request reported as failed (or retried and answered), never what came "
                    + "before the RST_STREAM " + code + " as a success", stage.outcomes().get(0));
        });
    }

    static ClientCase noResetInReplyToReset() {
        return ClientCase.define("client/6.4/no-rst-stream-in-reply").rfc("RFC 9113 §5.4.2")
                .quote("To avoid looping, an endpoint MUST NOT send a RST_STREAM in response to a RST_STREAM frame.")
                .does("sends 200 and 5 octets without END_STREAM, then RST_STREAM CANCEL, and reads what the client "
                        + "sends until it has reported")
                .run(ResponseScripts.onGet((stage, peer, stream) -> {
                    ResponseScripts.playTolerant(peer, stream, (p, s) -> {
                        p.headers(s, ok(), false);
                        p.send(DataFrame.of(s, ServerPart.BODY, false));
                        p.send(RstStreamFrame.of(s, ErrorCode.CANCEL));
                    });
                    List<Frame> after = untilFinished(stage, peer);
                    String expected = "no RST_STREAM on stream " + stream + " after the server's";
                    for (Frame f : after) {
                        if (f instanceof RstStreamFrame r && r.streamId() == stream) {
                            return Verdict.fail(expected, "sent RST_STREAM " + ErrorCode.nameOf(r.errorCode()));
                        }
                    }
                    return Verdict.pass(expected, after.size() + " frames after it, none a RST_STREAM on it");
                }));
    }

    static ClientCase noFramesAfterReset() {
        return ClientCase.define("client/6.4/no-frames-after-rst-stream").rfc("RFC 9113 §6.4")
                .quote("After receiving a RST_STREAM on a stream, the receiver MUST NOT send additional frames for "
                        + "that stream, except for PRIORITY.")
                .does("lets a 200 KB upload use up its 65,535-octet window, sends RST_STREAM CANCEL, then opens the "
                        + "connection and stream windows by 1 MB and PINGs: no DATA may follow on that stream")
                .needs(ClientAbility.BODY)
                .run(ResponseScripts.onPost(200_000, (stage, peer, stream) -> {
                    String expected = "no frame but PRIORITY on stream " + stream + " after RST_STREAM";
                    long sent = 0;
                    for (Frame f : peer.received()) {
                        sent += f instanceof DataFrame d && d.streamId() == stream ? d.data().length : 0;
                    }
                    while (sent < INITIAL_WINDOW) {
                        Frame f = peer.await(x -> x instanceof DataFrame d && d.streamId() == stream);
                        if (f == null) {
                            return Verdict.inconclusive(expected, "the connection ended after " + sent
                                    + " octets of the upload");
                        }
                        sent += ((DataFrame) f).data().length;
                    }
                    ResponseScripts.playTolerant(peer, stream, (p, s) -> {
                        p.send(RstStreamFrame.of(s, ErrorCode.CANCEL));
                        p.send(WindowUpdateFrame.of(0, 1 << 20));
                        p.send(WindowUpdateFrame.of(s, 1 << 20));
                        p.send(PingFrame.of(PING_DATA));
                    });
                    List<Frame> after = untilFinished(stage, peer);
                    for (Frame f : after) {
                        if (f.streamId() == stream && (f instanceof DataFrame || f instanceof HeadersFrame)) {
                            return Verdict.fail(expected, "sent " + ServerPart.describe(f)
                                    + " after it");
                        }
                    }
                    ClientOutcome outcome = stage.outcomes().get(0);
                    if (outcome.reportedSuccess()) {
                        return Verdict.fail(expected, "reported the cancelled upload as a success: " + outcome);
                    }
                    return Verdict.pass(expected, "nothing more on it (" + after.size() + " frames after); " + outcome);
                }));
    }

    static ClientCase streamZero() {
        return ClientCase.define("client/6.4/stream-zero").rfc("RFC 9113 §6.4")
                .quote("If a RST_STREAM frame is received with a stream identifier of 0x00, the recipient MUST treat "
                        + "this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends RST_STREAM CANCEL on stream 0, then an ordinary response")
                .run(faultThenResponse(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR,
                        (peer, s) -> peer.sendRaw(0x3, 0, 0, code(ErrorCode.CANCEL))));
    }

    static ClientCase idleStream() {
        return ClientCase.define("client/6.4/idle-stream").rfc("RFC 9113 §6.4")
                .quote("If a RST_STREAM frame identifying an idle stream is received, the recipient MUST treat this as "
                        + "a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends RST_STREAM CANCEL on the idle stream two above the request's, then an ordinary response")
                .run(faultThenResponse(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR,
                        (peer, s) -> peer.send(RstStreamFrame.of(s + 2, ErrorCode.CANCEL))));
    }

    static ClientCase wrongLength() {
        return ClientCase.define("client/6.4/wrong-length").rfc("RFC 9113 §6.4")
                .quote("A RST_STREAM frame with a length other than 4 octets MUST be treated as a connection error "
                        + "(Section 5.4.1) of type FRAME_SIZE_ERROR.")
                .does("sends a RST_STREAM of 3 octets on the request's stream, then an ordinary response")
                .run(faultThenResponse(ClientJudge.Scope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR,
                        (peer, s) -> peer.sendRaw(0x3, 0, s, new byte[] {0, 0, 8})));
    }

    private static byte[] code(ErrorCode code) {
        int c = code.code();
        return new byte[] {(byte) (c >>> 24), (byte) (c >>> 16), (byte) (c >>> 8), (byte) c};
    }

    /** Every frame the client sends from now until it has reported (or the connection ends). */
    static List<Frame> untilFinished(ClientStage stage, ScriptedPeer peer) {
        List<Frame> frames = new ArrayList<>();
        long deadline = System.nanoTime() + stage.timeout().toNanos();
        boolean finished = false;
        while (System.nanoTime() - deadline < 0) {
            Incoming in = peer.next(Duration.ofMillis(20));
            if (in instanceof Incoming.Closed) {
                break;
            }
            if (in instanceof Incoming.FrameIn f) {
                frames.add(f.frame());
            } else if (in == null) {
                if (finished) {
                    break;
                }
                finished = stage.clientFinished();
            }
        }
        return frames;
    }
}
