package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * The shapes of the §4 to §6 client cases: the server breaks a rule on an open request and the client must enforce it
 * ({@link #breaks}), or the server does something unusual but allowed and the client must take it ({@link #accepts}).
 */
final class ServerMoves {

    /** What the server does on the client's open request {@code stream}. */
    @FunctionalInterface
    interface Move {
        void make(ScriptedPeer peer, int stream) throws IOException;
    }

    /** How long a read waits for more from the client, while the client may still be at work. */
    static final Duration LOOK = Duration.ofMillis(50);
    /**
     * How many connections a case takes before one carries a request: a client that opens a connection per request
     * at first (OkHttp, for requests made at once) may drop one before it sends anything on it.
     */
    static final int CONNECTIONS_BEFORE_A_REQUEST = 3;

    /** A 200 without content-length: a client that took a fault in stride reports it as a success. */
    static final List<HeaderField> OK = List.of(new HeaderField(":status", "200"));

    private ServerMoves() {
    }

    /** What a case does once the client's request is open on {@code stream}: its moves, then its verdict. */
    @FunctionalInterface
    interface OnRequest {
        Verdict run(ClientStage stage, ScriptedPeer peer, int stream) throws Exception;
    }

    /** A GET, the server's SETTINGS and the client's request read, then {@code then} (INCONCLUSIVE without one). */
    static ClientCaseBody onRequest(OnRequest then) {
        return onRequest(stage -> stage.start("/"), then);
    }

    private static ClientCaseBody onRequest(Consumer<ClientStage> start, OnRequest then) {
        return stage -> {
            start.accept(stage);
            try (ScriptedPeer peer = stage.accept()) {
                ServerPart.settings(peer);
                int stream = ServerPart.request(peer);
                if (stream < 0) {
                    return Verdict.inconclusive("a request", "the connection ended before the request");
                }
                return then.run(stage, peer, stream);
            }
        };
    }

    /**
     * Settings and the client's request, then {@code move} (which breaks a rule, and answers the request so that a
     * client that carries on reports a success at once); judged by {@link ClientJudge#enforces}. A write that fails
     * because the client has already closed is no stage failure.
     */
    static ClientCaseBody breaks(ClientJudge.Scope scope, ErrorCode code, Move move) {
        return onRequest(broken(scope, code, move));
    }

    /**
     * As {@link #breaks(ClientJudge.Scope, ErrorCode, Move)}, on a POST of {@code bodyOctets} (more than the default
     * window, so that the stream is still open, its body unfinished, when the move comes).
     */
    static ClientCaseBody breaksUpload(int bodyOctets, ClientJudge.Scope scope, ErrorCode code, Move move) {
        return onRequest(stage -> stage.start(List.of(ClientRequest.post(stage.url("/upload"),
                BodyFiles.of(bodyOctets)))), broken(scope, code, move));
    }

    private static OnRequest broken(ClientJudge.Scope scope, ErrorCode code, Move move) {
        return (stage, peer, stream) -> {
            try {
                move.make(peer, stream);
            } catch (IOException e) {
                // the client closed while the server still wrote: what it sent before is judged
            }
            return ClientJudge.enforces(stage, peer, stream, scope, code);
        };
    }

    /**
     * Settings and the client's request, then {@code move}, which answers it with a body of {@code bodyOctets} in an
     * unusual but allowed way: PASS when the client reports that response (its body whole, when it says the length)
     * and sent no error for it; FAIL otherwise.
     */
    static ClientCaseBody accepts(int bodyOctets, Move move) {
        return onRequest((stage, peer, stream) -> {
            move.make(peer, stream);
            return judgeAccepted(stage, peer, stream, bodyOctets);
        });
    }

    /** As {@link #accepts}: the judgement once the response is sent. */
    static Verdict judgeAccepted(ClientStage stage, ScriptedPeer peer, int stream, int bodyOctets)
            throws InterruptedException {
        String expected = "the response taken (" + bodyOctets + " body octets), no RST_STREAM or GOAWAY with an error";
        ClientOutcome outcome = stage.outcomes().get(0);
        if (outcome.kind() == ClientOutcome.Kind.NOT_STARTED) {
            return Verdict.inconclusive(expected, "the client did not start: " + outcome.detail());
        }
        drain(stage, peer);
        Frame error = errorFrom(peer, stream);
        if (error != null) {
            return Verdict.fail(expected, "sent " + describe(error) + "; " + outcome);
        }
        if (!outcome.reportedSuccess()) {
            return Verdict.fail(expected, outcome.toString());
        }
        if (outcome.bodyOctets() >= 0 && outcome.bodyOctets() != bodyOctets) {
            return Verdict.fail(expected, "delivered " + outcome.bodyOctets() + " body octets: " + outcome);
        }
        return Verdict.pass(expected, outcome.toString());
    }

    /**
     * The judgement of a frame the server sent on a stream it had already ended ({@code code} being the error the RFC
     * names): PASS for RST_STREAM or GOAWAY with that code, the response as it was delivered; PASS-LENIENT for no
     * error or another one (the client may have finished before it read the frame, and RFC 9113 §5.1 lets an endpoint
     * discard frames on a closed stream); FAIL when the frame's octets were added to the response.
     */
    static Verdict afterEndStream(ClientStage stage, ScriptedPeer peer, int stream, ErrorCode code)
            throws InterruptedException {
        String expected = "RST_STREAM or GOAWAY " + code + ", the " + ServerPart.BODY.length
                + "-octet response delivered as it was";
        ClientOutcome outcome = stage.outcomes().get(0);
        if (outcome.kind() == ClientOutcome.Kind.NOT_STARTED) {
            return Verdict.inconclusive(expected, "the client did not start: " + outcome.detail());
        }
        drain(stage, peer);
        if (outcome.reportedSuccess() && outcome.bodyOctets() > ServerPart.BODY.length) {
            return Verdict.fail(expected, "added the frame's octets to the response: " + outcome);
        }
        Frame error = errorFrom(peer, stream);
        if (error != null && (error instanceof GoAwayFrame g ? g.errorCode() : ((RstStreamFrame) error).errorCode())
                == code.code()) {
            return Verdict.pass(expected, "sent " + describe(error) + "; " + outcome);
        }
        return Verdict.lenient(expected, (error == null ? "sent no error" : "sent " + describe(error)) + "; "
                + outcome);
    }

    /** Reads what the client still sends, until it closes or has finished and sent nothing more for a while. */
    static void drain(ClientStage stage, ScriptedPeer peer) {
        long deadline = System.nanoTime() + stage.timeout().toNanos();
        boolean finished = false;
        while (System.nanoTime() - deadline < 0) {
            Incoming in = peer.next(LOOK);
            if (in instanceof Incoming.Closed) {
                return;
            }
            if (in == null) {
                if (finished) {
                    return;
                }
                finished = stage.clientFinished();
            }
        }
    }

    /** The client's first GOAWAY with an error code or RST_STREAM on {@code stream}, among all it sent; null if none. */
    static Frame errorFrom(ScriptedPeer peer, int stream) {
        for (Frame f : peer.received()) {
            if (f instanceof GoAwayFrame g && g.errorCode() != ErrorCode.NO_ERROR.code()
                    || f instanceof RstStreamFrame r && r.streamId() == stream) {
                return f;
            }
        }
        return null;
    }

    static String describe(Frame f) {
        if (f instanceof GoAwayFrame g) {
            return "GOAWAY " + ErrorCode.nameOf(g.errorCode());
        }
        if (f instanceof RstStreamFrame r) {
            return "RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + " on stream " + r.streamId();
        }
        return f.toString();
    }

    /** A frame with the reserved bit of its stream identifier set (RFC 9113 §4.1). */
    static byte[] withReservedBit(int typeCode, int flags, int stream, byte[] payload) {
        return RawFrameWriter.frame(payload.length, typeCode, flags, stream, true, payload);
    }

    /** {@code n} octets of 'x'. */
    static byte[] octets(int n) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) 'x');
        return b;
    }
}
