package io.h2scope.cli.conform;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options that choose and judge cases, shared by {@code conform} and {@code matrix} (a picocli mixin). */
public final class SuiteOptions {

    @Mixin
    CaseChoice cases = new CaseChoice();

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "1s", description = "per-case wait, e.g. 1s, 500ms (default ${DEFAULT-VALUE})")
    String timeout;

    @Option(names = "--budget-scale", paramLabel = "FACTOR", defaultValue = "1", description = "multiply the budget of each "
            + "case that waits for a server's own limit (a stall, a slow body, a half-done handshake; --list shows them) by this, "
            + PeerOptions.MIN_BUDGET_SCALE + " to " + (int) PeerOptions.MAX_BUDGET_SCALE + ", e.g. 4 to wait out a 60 s timeout "
            + "(default ${DEFAULT-VALUE})")
    double budgetScale;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4", description = "cases run at once against one server, "
            + "1 to " + RunConfig.MAX_PARALLEL + " (default ${DEFAULT-VALUE})")
    int parallel;

    CaseSelection selection() {
        return cases.selection();
    }

    /**
     * The peer's options: the timeout and strictness given, certificates checked unless {@code insecure}. Called
     * before any server starts, so it checks --parallel too (a RunConfig made later would refuse it after the start).
     */
    PeerOptions peer(boolean insecure) {
        if (parallel < 1 || parallel > RunConfig.MAX_PARALLEL) {
            throw new IllegalArgumentException("--parallel must be 1 to " + RunConfig.MAX_PARALLEL
                    + " (cases at once against one server), got " + parallel);
        }
        if (!(budgetScale >= PeerOptions.MIN_BUDGET_SCALE && budgetScale <= PeerOptions.MAX_BUDGET_SCALE)) {
            throw new IllegalArgumentException("--budget-scale must be " + PeerOptions.MIN_BUDGET_SCALE + " to "
                    + (int) PeerOptions.MAX_BUDGET_SCALE + " (a factor on each case's budget), got " + budgetScale);
        }
        return PeerOptions.defaults().withTimeout(ConformCommand.parseDuration(timeout)).withStrict(cases.strict).withInsecure(insecure)
                .withBudgetScale(budgetScale);
    }
}
