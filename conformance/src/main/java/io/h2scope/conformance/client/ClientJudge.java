package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.time.Duration;

/**
 * How a case judges a rule the client must enforce, once the scripted server has broken it: by what the client sent
 * and by what it told its caller, never by "an error happened".
 * <ul>
 *   <li>PASS: the error the RFC names (RST_STREAM on the stream, or GOAWAY, with the code) and the request reported
 *       as failed;</li>
 *   <li>PASS-LENIENT: the request reported as failed, but the connection closed without the frame or with another
 *       code;</li>
 *   <li>FAIL: the response reported to the caller as a success, or the request left hanging until it was stopped
 *       (even after the right frame: the caller is never told).</li>
 * </ul>
 */
public final class ClientJudge {

    /** Whether the RFC makes the server's fault a stream error or a connection error. */
    public enum Scope { STREAM, CONNECTION }

    /** How often the wait looks whether the client has finished, while nothing arrives. */
    private static final Duration LOOK = Duration.ofMillis(50);

    private ClientJudge() {
    }

    /**
     * Reads what the client does after the server's fault on {@code stream} until it sends the error, closes, or has
     * reported; then judges it with the client's outcome for its first request.
     */
    public static Verdict enforces(ClientStage stage, ScriptedPeer peer, int stream, Scope scope, ErrorCode code)
            throws InterruptedException {
        return enforces(stage, peer, stream, scope, code, 0);
    }

    /** As {@link #enforces(ClientStage, ScriptedPeer, int, Scope, ErrorCode)}, for the task's request {@code request}. */
    public static Verdict enforces(ClientStage stage, ScriptedPeer peer, int stream, Scope scope, ErrorCode code,
            int request) throws InterruptedException {
        String expected = (scope == Scope.STREAM ? "RST_STREAM " + code + " on stream " + stream + " (or GOAWAY "
                + code + ")" : "GOAWAY " + code) + ", the request reported as failed";
        Frame answer = errorFrom(stage, peer, stream);
        ClientOutcome outcome = stage.outcomes().get(request);
        String sent = answer == null ? (peer.isClosed() ? "closed the connection without RST_STREAM or GOAWAY"
                : "sent neither RST_STREAM nor GOAWAY") : "sent " + describe(answer);
        if (outcome.reportedSuccess()) {
            return Verdict.fail(expected, "reported the response as a success (" + outcome + "); it " + sent);
        }
        if (outcome.kind() == ClientOutcome.Kind.NOT_STARTED) {
            return Verdict.inconclusive(expected, "the client did not start: " + outcome.detail());
        }
        if (outcome.kind() == ClientOutcome.Kind.TIMED_OUT) { // the right frame does not make up for a caller never told
            return Verdict.fail(expected, "it " + sent + ", but left the request hanging until it was stopped ("
                    + outcome + ")");
        }
        if (answer != null && codeOf(answer) == code.code()
                && (answer instanceof GoAwayFrame || scope == Scope.STREAM)) {
            return Verdict.pass(expected, sent + "; " + outcome);
        }
        return Verdict.lenient(expected, sent + "; " + outcome);
    }

    /**
     * The client's RST_STREAM on {@code stream} or GOAWAY, or null when the connection closed or the client finished
     * without either. A frame the client wrote before it ended is in the socket by then, so it is still read.
     */
    private static Frame errorFrom(ClientStage stage, ScriptedPeer peer, int stream) {
        long deadline = System.nanoTime() + stage.timeout().toNanos();
        boolean finished = false;
        while (System.nanoTime() - deadline < 0) {
            Incoming in = peer.next(LOOK);
            if (in instanceof Incoming.Closed) {
                return null;
            }
            if (in instanceof Incoming.FrameIn f && isError(f.frame(), stream)) {
                return f.frame();
            }
            if (in == null) {
                if (finished) {
                    return null; // one more look after the client ended found nothing
                }
                finished = stage.clientFinished();
            }
        }
        return null;
    }

    private static boolean isError(Frame f, int stream) {
        return f instanceof GoAwayFrame || f instanceof RstStreamFrame r && r.streamId() == stream;
    }

    private static int codeOf(Frame f) {
        return f instanceof GoAwayFrame g ? g.errorCode() : ((RstStreamFrame) f).errorCode();
    }

    static String describe(Frame f) {
        if (f instanceof GoAwayFrame g) {
            return "GOAWAY " + ErrorCode.nameOf(g.errorCode()) + " (last stream " + g.lastStreamId() + ")";
        }
        if (f instanceof RstStreamFrame r) {
            return "RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + " on stream " + r.streamId();
        }
        return f.getClass().getSimpleName().replace("Frame", "").toUpperCase(java.util.Locale.ROOT) + " on stream "
                + f.streamId();
    }
}
