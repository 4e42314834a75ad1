package io.h2scope.conformance.junit;

import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Whether the peer under test can be reached at all, asked once per factory and lazily (dynamic tests run after the
 * factory returns): the bridges' first test fails with the answer, and every case is aborted as not run, so a build
 * against a peer that never answers fails once instead of reporting every case as skipped.
 */
final class Reachability {
    private final Callable<Optional<String>> probe;
    private Optional<String> answer;

    /** @param probe why the peer cannot be reached, or empty when it can */
    Reachability(Callable<Optional<String>> probe) {
        this.probe = probe;
    }

    synchronized Optional<String> unreachable() throws Exception {
        if (answer == null) {
            answer = probe.call();
        }
        return answer;
    }
}
