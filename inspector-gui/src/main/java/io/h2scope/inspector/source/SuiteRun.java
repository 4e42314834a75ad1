package io.h2scope.inspector.source;

import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.JudgedCase;

import java.util.Arrays;
import java.util.List;

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

    /** The cases of {@code sections}: section names or RFC section numbers, separated by commas or spaces; none: all. */
    static CaseSelection selection(String sections) {
        return new CaseSelection(List.of(), Arrays.stream((sections == null ? "" : sections).split("[,\\s]+"))
                .filter(s -> !s.isEmpty()).toList());
    }

    /**
     * @throws IllegalArgumentException when {@code selection} names a section none of {@code cases} is in: "proxy/9
     *                                  selects no intermediary case: give a section such as proxy/8.2.2 or ..."
     */
    static void checkSelects(CaseSelection selection, List<CaseSelection.Selectable> cases, String suite,
            String sectionExample, String numberExample) {
        List<String> none = selection.unmatchedAmong(cases);
        if (!none.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", none).replace("--section ", "") + " selects no "
                    + suite + " case: give a section such as " + sectionExample + " or an RFC section number such as "
                    + numberExample);
        }
    }

    /**
     * A finished case's exchange with each connection opened as its observer published it (a client case's scripted
     * server, an intermediary case's two legs), as a source named by the case.
     */
    static TraceSource recorded(JudgedCase result) {
        return new EventListSource(result.facts().id() + " (" + result.verdict().outcome() + ")",
                io.h2scope.conformance.peer.EvidenceEvents.of(result.evidence()));
    }

    /** {@code body} on a daemon thread of its own called {@code name}, started. */
    static Thread started(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** "finished, PASSED · 4 PASS · 1 SKIP". */
    static String summary(io.h2scope.conformance.runner.JudgedRun run) {
        StringBuilder summary = new StringBuilder("finished, ").append(run.status());
        run.counts().forEach((outcome, n) -> summary.append(" · ").append(n).append(' ').append(outcome.label()));
        return summary.toString();
    }
}
