package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.time.Duration;

/** The end of every upload case: the server reads the body to its end, then answers, then judges the client's DATA. */
final class Uploads {

    /** How long the client may say nothing before the server takes it to be waiting for window. */
    static final Duration QUIET = Duration.ofMillis(100);

    /** What the server does each time the client goes quiet before the body's end (grants more window, say). */
    @FunctionalInterface
    interface OnQuiet {
        void act(UploadReceiver upload) throws IOException;
    }

    private Uploads() {
    }

    /**
     * Reads until the body ends ({@code onQuiet} each time the client pauses), answers with an ordinary response,
     * and judges: FAIL on a broken rule or a body that never ended; PASS when all {@code bodyOctets} came within the
     * rules.
     */
    static Verdict finish(ClientStage stage, ScriptedPeer peer, UploadReceiver upload, int bodyOctets,
            OnQuiet onQuiet) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + stage.timeout().toNanos();
        while (!upload.over() && System.nanoTime() - deadline < 0 && !stage.clientFinished()) {
            if (upload.pump(QUIET) && upload.stream() > 0) {
                onQuiet.act(upload);
            }
        }
        return judge(stage, peer, upload, bodyOctets);
    }

    /** Answers the upload once its body ended, then judges it as {@link #finish} says. */
    static Verdict judge(ClientStage stage, ScriptedPeer peer, UploadReceiver upload, int bodyOctets)
            throws InterruptedException {
        String expected = bodyOctets + " octets of DATA within the server's frame size and windows";
        if (upload.ended() && upload.violation() == null) {
            try {
                ServerPart.respond(peer, upload.stream());
            } catch (IOException e) {
                // the client went away: its outcome says so
            }
        }
        ClientOutcome outcome = stage.outcomes().get(0);
        if (outcome.kind() == ClientOutcome.Kind.NOT_STARTED) {
            return Verdict.inconclusive(expected, "the client did not start: " + outcome.detail());
        }
        if (upload.violation() != null) {
            return Verdict.fail(expected, upload.violation());
        }
        if (!upload.ended()) {
            return Verdict.fail(expected, "the body stopped after " + upload.streamOctets() + " of " + bodyOctets
                    + " octets (" + (upload.ending() != null ? upload.ending() : "the client stalled") + "); "
                    + outcome);
        }
        if (upload.streamOctets() != bodyOctets) {
            return Verdict.fail(expected, "the body had " + upload.streamOctets() + " octets; " + outcome);
        }
        return Verdict.pass(expected, bodyOctets + " octets in DATA frames of at most " + upload.largestFrame()
                + "; " + outcome);
    }
}
