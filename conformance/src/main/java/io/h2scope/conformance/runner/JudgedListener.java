package io.h2scope.conformance.runner;

/** Follows a run of either suite as it happens (live progress), one call at a time. */
public interface JudgedListener {

    default void starting(int caseCount) {
    }

    default void judged(JudgedCase result) {
    }

    default void ended(JudgedRun run) {
    }
}
