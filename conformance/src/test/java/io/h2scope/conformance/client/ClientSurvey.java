package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.List;

/** The survey the section tests run over every client: each verdict printed, then the counts and the time taken. */
public final class ClientSurvey {

    private ClientSurvey() {
    }

    /**
     * Runs {@code sections} on {@code client} and prints each verdict and the counts with the time taken: the survey the
     * section tests run over every client.
     */
    public static List<ClientSuiteRunner.Result> survey(ClientUnderTest client, List<ClientSection> sections, Duration timeout)
            throws InterruptedException {
        long start = System.nanoTime();
        List<ClientSuiteRunner.Result> results = new ClientSuiteRunner(client, timeout).run(sections);
        java.util.Map<Outcome, Integer> counts = new java.util.EnumMap<>(Outcome.class);
        for (ClientSuiteRunner.Result r : results) {
            counts.merge(r.verdict().outcome(), 1, Integer::sum);
            System.out.println(client.name() + " " + r.definition().id() + " " + r.verdict());
        }
        System.out.println(client.name() + ": " + results.size() + " cases in "
                + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms: " + counts);
        return results;
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
