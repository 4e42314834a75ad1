package io.h2scope.conformance.client;

import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.runner.RunConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A finished client run: its cases in suite order, and why it stopped early when the client could not be judged.
 *
 * @param unreachable why the client could not be judged (it could not be started, or never connected), or null
 * @param notRun      cases not run because of that
 */
public record ClientRunResult(ClientSubject subject, boolean strict, Instant startedAt, Duration elapsed,
        List<ClientSuiteRunner.Result> results, String unreachable, int notRun) implements JudgedRun {

    public ClientRunResult {
        results = List.copyOf(results);
    }

    @Override
    public int maxInconclusivePercent() {
        return RunConfig.DEFAULT_MAX_INCONCLUSIVE_PERCENT;
    }
}
