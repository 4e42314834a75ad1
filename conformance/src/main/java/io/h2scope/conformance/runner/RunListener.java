package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.CaseDef;
import java.time.Duration;

/** Follows a run as it happens (live progress); every method may be called from worker threads, one call at a time. */
public interface RunListener {

    default void started(int caseCount) {
    }

    default void caseFinished(CaseResult result) {
    }

    /**
     * A case is still running after {@code elapsed} (told every few seconds while it runs).
     *
     * @param budget the case's scaled budget, or null when it declares none
     */
    default void caseRunning(CaseDef definition, int iteration, Duration elapsed, Duration budget) {
    }

    default void finished(RunResult run) {
    }
}
