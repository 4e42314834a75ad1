package io.h2scope.inspector.source;

import io.h2scope.conformance.runner.JudgedCase;

/**
 * A conformance run started from the window, of either suite: the server suite against a target
 * ({@link ConformanceRun}) or the client suite against a client ({@link ClientConformanceRun}). The listener hears
 * the progress and each case's verdict, from the run's thread.
 */
public interface SuiteRun {

    /** Told from the run's thread. */
    interface Listener {
        /** The run's subject is ready and {@code cases} cases are planned. */
        void started(String subject, int cases);

        void caseFinished(JudgedCase result);

        /** Something to do meanwhile, one line: a URL for the client under test to fetch. */
        default void told(String line) {
        }

        /** The run ended; {@code summary} in one line. */
        void finished(String summary);

        /** The run could not start or broke off; {@code line} says why and what to do. */
        void failed(String line);
    }

    /**
     * Checks the choice without starting anything.
     *
     * @throws IllegalArgumentException naming what does not exist
     */
    void check();

    /** Starts the run on its own thread; returns at once. */
    Thread start(Listener listener);

    /** Stops what the run started (a target kept up after it, a client); idempotent. */
    void stop();

    /** The frames of a finished case of this run, as a source named by the case; null when it kept none. */
    TraceSource exchangeOf(JudgedCase result);

    /** "finished, PASSED · 4 PASS · 1 SKIP". */
    static String summary(io.h2scope.conformance.runner.JudgedRun run) {
        StringBuilder summary = new StringBuilder("finished, ").append(run.status());
        run.counts().forEach((outcome, n) -> summary.append(" · ").append(n).append(' ').append(outcome.label()));
        return summary.toString();
    }
}
