package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The three shapes most §8 client cases share: a response the client must refuse as malformed, a response it must
 * accept, and a rule its own request must follow. A case gives only what the server sends, or what the rule is.
 */
final class ResponseScripts {

    /** What the scripted server sends on the client's request stream. */
    @FunctionalInterface
    interface Script {
        void play(ScriptedPeer peer, int stream) throws IOException;
    }

    /** A rule the client's request fields must follow: what is wrong with them, or null when nothing is. */
    @FunctionalInterface
    interface FieldRule {
        String problem(List<HeaderField> fields);

        /** The rule that no field is {@code bad}: the first bad one, named with {@code what}. */
        static FieldRule none(Predicate<HeaderField> bad, String what) {
            return fields -> fields.stream().filter(bad).findFirst().map(f -> what + " " + f).orElse(null);
        }
    }

    /** A case's part once the client's request is in: the server's moves and the verdict. */
    @FunctionalInterface
    interface Exchange {
        Verdict play(ClientStage stage, ScriptedPeer peer, int stream) throws IOException, InterruptedException;
    }

    private ResponseScripts() {
    }

    /** A malformed response (RFC 9113 §8.1.1): a stream error of type PROTOCOL_ERROR, never a success. */
    static ClientCaseBody malformed(Script script) {
        return enforced(ClientJudge.Scope.STREAM, ErrorCode.PROTOCOL_ERROR, script);
    }

    /** A fault the client must answer with {@code code} in the {@code scope} the RFC names, the request failed. */
    static ClientCaseBody enforced(ClientJudge.Scope scope, ErrorCode code, Script script) {
        return onGet((stage, peer, stream) -> {
            playTolerant(peer, stream, script);
            return ClientJudge.enforces(stage, peer, stream, scope, code);
        });
    }

    /** As {@link #enforced}, the fault followed by an ordinary response (which a client that missed it reports). */
    static ClientCaseBody faultThenResponse(ClientJudge.Scope scope, ErrorCode code, Script fault) {
        return enforced(scope, code, (peer, s) -> {
            fault.play(peer, s);
            ServerPart.respond(peer, s);
        });
    }

    /** A valid response the client must hand on as a success, with {@code status} and {@code bodyOctets}. */
    static ClientCaseBody accepted(int status, long bodyOctets, Script script) {
        return onGet((stage, peer, stream) -> {
            playTolerant(peer, stream, script);
            return delivered(stage, status, bodyOctets);
        });
    }

    /** One GET of /, then {@code exchange} on its stream. */
    static ClientCaseBody onGet(Exchange exchange) {
        return onRequest(stage -> List.of(ClientRequest.get(stage.url("/"))), exchange);
    }

    /** One POST of / with a body of {@code octets}, then {@code exchange} on its stream. */
    static ClientCaseBody onPost(int octets, Exchange exchange) {
        return onRequest(stage -> List.of(ClientRequest.post(stage.url("/"), BodyFiles.of(octets))), exchange);
    }

    /** {@link #onPost} of 5 octets when {@code post}, else {@link #onGet}. */
    static ClientCaseBody onGetOrPost(boolean post, Exchange exchange) {
        return post ? onPost(5, exchange) : onGet(exchange);
    }

    /**
     * The client told to make {@code requests}; its connection accepted with the usual SETTINGS; once its first
     * request is in, {@code exchange}. INCONCLUSIVE when the connection ends before any request.
     */
    static ClientCaseBody onRequest(Function<ClientStage, List<ClientRequest>> requests, Exchange exchange) {
        return stage -> {
            stage.start(requests.apply(stage));
            try (ScriptedPeer peer = stage.accept()) {
                ServerPart.settings(peer);
                int stream = ServerPart.request(peer);
                if (stream < 0) {
                    return Verdict.inconclusive("a request", "the connection ended before the request");
                }
                return exchange.play(stage, peer, stream);
            }
        };
    }

    /** Reads until the client's request on {@code stream} has ended (its END_STREAM), or the connection has. */
    static void awaitRequestEnd(ScriptedPeer peer, int stream) throws IOException {
        for (Frame f : peer.received()) {
            if (f.streamId() == stream && endsStream(f)) {
                return;
            }
        }
        peer.await(f -> f.streamId() == stream && endsStream(f));
    }

    private static boolean endsStream(Frame f) {
        return f instanceof DataFrame d && d.endStream() || f instanceof HeadersFrame h && h.endStream();
    }

    /**
     * The error code of {@code f} when it is the client's error for {@code stream}: a RST_STREAM on it, or a GOAWAY
     * with a code other than NO_ERROR; else -1.
     */
    static int errorCode(Frame f, int stream) {
        if (f instanceof RstStreamFrame r && r.streamId() == stream) {
            return r.errorCode();
        }
        return f instanceof GoAwayFrame g && g.errorCode() != ErrorCode.NO_ERROR.code() ? g.errorCode() : -1;
    }

    /** {@code fields} as the response head, then {@link ServerPart#BODY} with END_STREAM. */
    static void respondHead(ScriptedPeer peer, int stream, List<HeaderField> fields) throws IOException {
        peer.headers(stream, fields, false);
        peer.send(DataFrame.of(stream, ServerPart.BODY, true));
    }

    /** A 200 with {@code fields}, then {@link ServerPart#BODY} with END_STREAM. */
    static void okWith(ScriptedPeer peer, int stream, HeaderField... fields) throws IOException {
        respondHead(peer, stream, ok(fields));
    }

    /** The verdict on a valid response: reported as a success with its status and body length (where told). */
    static Verdict delivered(ClientStage stage, int status, long bodyOctets) throws InterruptedException {
        ClientOutcome outcome = stage.outcomes().get(0);
        String expected = "the response reported as a success (" + status + ", " + bodyOctets + " body octets)";
        if (outcome.kind() == ClientOutcome.Kind.NOT_STARTED) {
            return Verdict.inconclusive(expected, "the client did not start: " + outcome.detail());
        }
        if (!outcome.reportedSuccess()) {
            return Verdict.fail(expected, "refused a valid response: " + outcome);
        }
        if (outcome.status() >= 0 && outcome.status() != status
                || outcome.bodyOctets() >= 0 && outcome.bodyOctets() != bodyOctets) {
            return Verdict.fail(expected, "reported another response: " + outcome);
        }
        return Verdict.pass(expected, outcome.toString());
    }

    /** A rule for the client's own request, judged from the fields of its first HEADERS; then an ordinary response. */
    static ClientCaseBody request(String expected, FieldRule rule) {
        return onGet((stage, peer, stream) -> {
            List<HeaderField> fields = requestFields(peer, stream);
            if (fields == null) {
                return Verdict.inconclusive(expected, "no request field block came");
            }
            ServerPart.respond(peer, stream);
            stage.outcomes();
            String problem = rule.problem(fields);
            return problem == null ? Verdict.pass(expected, fields.toString())
                    : Verdict.fail(expected, problem + " in " + fields);
        });
    }

    /** The decoded request field block of {@code stream} (its HEADERS, or the CONTINUATION that ended it). */
    static List<HeaderField> requestFields(ScriptedPeer peer, int stream) throws IOException {
        if (stream < 0) {
            return null;
        }
        for (int tries = 0; tries < 2; tries++) {
            for (Frame f : peer.received()) {
                if (f.streamId() == stream && (f instanceof HeadersFrame || f instanceof ContinuationFrame)
                        && peer.fields(f) != null) {
                    return peer.fields(f);
                }
            }
            // the block ends in a CONTINUATION still on its way
            peer.await(f -> f instanceof ContinuationFrame c && c.streamId() == stream && c.endHeaders());
        }
        return null;
    }

    /** Plays {@code script}; a client that already closed the connection makes the rest of it moot, not a failure. */
    static void playTolerant(ScriptedPeer peer, int stream, Script script) {
        try {
            script.play(peer, stream);
        } catch (IOException e) {
            // the client ended the connection mid-script: the judge reads that from the peer and the outcome
        }
    }

    /** {@code :status 200} followed by {@code more}. */
    static List<HeaderField> ok(HeaderField... more) {
        return status("200", more);
    }

    /** {@code :status} of {@code code} followed by {@code more}. */
    static List<HeaderField> status(String code, HeaderField... more) {
        List<HeaderField> fields = new ArrayList<>();
        fields.add(new HeaderField(":status", code));
        fields.addAll(List.of(more));
        return fields;
    }

    static HeaderField field(String name, String value) {
        return new HeaderField(name, value);
    }
}
