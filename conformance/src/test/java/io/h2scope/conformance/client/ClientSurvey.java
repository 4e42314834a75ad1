package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.runner.JudgedListener;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNull;

/** The survey the section tests run over every client: each verdict printed, then the counts and the time taken. */
public final class ClientSurvey {

    private ClientSurvey() {
    }

    /**
     * Runs {@code sections} on {@code client} and prints each verdict and the counts with the time taken: the survey the
     * section tests run over every client. Fails when the client could not be judged at all (never started, or never
     * connected on the first case of two runs).
     */
    public static List<ClientSuiteRunner.Result> survey(ClientUnderTest client, List<ClientSection> sections, Duration timeout)
            throws InterruptedException {
        long start = System.nanoTime();
        ClientRunResult run = runOnce(client, sections, timeout);
        if (run.unreachable() != null && run.results().isEmpty()) {
            // clients surveyed at once on a loaded machine: a first connection can miss the wait, which says nothing
            // of the client, so such a run is started once more before it counts (as FaultyClientTest does)
            run = runOnce(client, sections, timeout);
        }
        List<ClientSuiteRunner.Result> results = run.results();
        java.util.Map<Outcome, Integer> counts = new java.util.EnumMap<>(Outcome.class);
        StringBuilder printed = new StringBuilder(); // one print: the surveys of clients run at once do not interleave
        for (ClientSuiteRunner.Result r : results) {
            counts.merge(r.verdict().outcome(), 1, Integer::sum);
            printed.append(client.name()).append(' ').append(r.definition().id()).append(' ').append(r.verdict())
                    .append('\n');
        }
        printed.append(client.name()).append(": ").append(results.size()).append(" cases in ")
                .append(Duration.ofNanos(System.nanoTime() - start).toMillis()).append(" ms: ").append(counts);
        System.out.println(printed);
        // a client that never came on its first case ends the run there: no verdicts is no survey, not a pass
        String unreachable = run.unreachable();
        assertNull(unreachable, () -> client.name() + " was not judged: " + unreachable);
        return results;
    }

    private static ClientRunResult runOnce(ClientUnderTest client, List<ClientSection> sections, Duration timeout)
            throws InterruptedException {
        return new ClientSuiteRunner(client, timeout).run(sections, new JudgedListener() { });
    }

    /**
     * Whether the stage judged the case or the client itself cut it short: the one INCONCLUSIVE a survey accepts is a
     * client that hung up while the case's server was still writing ({@link ClientSuiteRunner#CLIENT_CLOSED}), a
     * client's doing that says nothing of the rule; any other is the harness failing to reach a client that could act.
     */
    public static boolean reached(io.h2scope.conformance.verdict.Verdict verdict) {
        return verdict.outcome() != Outcome.INCONCLUSIVE || verdict.reason().startsWith(ClientSuiteRunner.CLIENT_CLOSED);
    }
}
