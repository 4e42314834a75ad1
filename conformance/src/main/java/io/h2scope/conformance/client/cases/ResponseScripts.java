package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

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
    }

    private ResponseScripts() {
    }

    /** A malformed response (RFC 9113 §8.1.1): a stream error of type PROTOCOL_ERROR, never a success. */
    static ClientCaseBody malformed(Script script) {
        return enforced(ClientJudge.Scope.STREAM, ErrorCode.PROTOCOL_ERROR, script);
    }

    /** A fault the client must answer with {@code code} in the {@code scope} the RFC names, the request failed. */
    static ClientCaseBody enforced(ClientJudge.Scope scope, ErrorCode code, Script script) {
        return stage -> {
            stage.start("/");
            try (ScriptedPeer peer = stage.accept()) {
                ServerPart.settings(peer);
                int stream = ServerPart.request(peer);
                if (stream < 0) {
                    return Verdict.inconclusive("a request", "the connection ended before the request");
                }
                playTolerant(peer, stream, script);
                return ClientJudge.enforces(stage, peer, stream, scope, code);
            }
        };
    }

    /** A valid response the client must hand on as a success, with {@code status} and {@code bodyOctets}. */
    static ClientCaseBody accepted(int status, long bodyOctets, Script script) {
        return stage -> {
            stage.start("/");
            try (ScriptedPeer peer = stage.accept()) {
                ServerPart.settings(peer);
                int stream = ServerPart.request(peer);
                if (stream < 0) {
                    return Verdict.inconclusive("a request", "the connection ended before the request");
                }
                playTolerant(peer, stream, script);
                return delivered(stage, status, bodyOctets);
            }
        };
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
        return stage -> {
            stage.start("/");
            try (ScriptedPeer peer = stage.accept()) {
                ServerPart.settings(peer);
                int stream = ServerPart.request(peer);
                List<HeaderField> fields = requestFields(peer, stream);
                if (fields == null) {
                    return Verdict.inconclusive(expected, "no request field block came");
                }
                ServerPart.respond(peer, stream);
                stage.outcomes();
                String problem = rule.problem(fields);
                return problem == null ? Verdict.pass(expected, fields.toString())
                        : Verdict.fail(expected, problem + " in " + fields);
            }
        };
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
