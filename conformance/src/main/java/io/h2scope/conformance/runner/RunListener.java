package io.h2scope.conformance.runner;

/** Follows a run as it happens (live progress); every method may be called from worker threads, one call at a time. */
public interface RunListener {

    default void started(int caseCount) {
    }

    default void caseFinished(CaseResult result) {
    }

    default void finished(RunResult run) {
    }
}
