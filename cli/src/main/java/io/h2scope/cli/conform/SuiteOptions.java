package io.h2scope.cli.conform;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseSelection;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

/** The options that choose and judge cases, shared by {@code conform} and {@code matrix} (a picocli mixin). */
public final class SuiteOptions {

    @Option(names = "--section", paramLabel = "NAME", split = ",", description = "only cases of these sections and their "
            + "subsections: a name --list shows (security, http2/6.5, hpack/5.2, output) or an RFC section number (6.5)")
    List<String> sections = new ArrayList<>();

    @Option(names = "--case", paramLabel = "PREFIX", split = ",", description = "only cases whose id starts with this, e.g. http2/6.7")
    List<String> casePrefixes = new ArrayList<>();

    @Option(names = "--strict", description = "demand exact behaviour (a close without GOAWAY fails) and run SHOULD-level cases")
    boolean strict;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "1s", description = "per-case wait, e.g. 1s, 500ms (default ${DEFAULT-VALUE})")
    String timeout;

    @Option(names = "--budget-scale", paramLabel = "FACTOR", defaultValue = "1", description = "multiply the budget of each "
            + "case that waits for a server's own limit (a stall, a slow body, a half-done handshake; --list shows them) by this, "
            + PeerOptions.MIN_BUDGET_SCALE + " to " + (int) PeerOptions.MAX_BUDGET_SCALE + ", e.g. 4 to wait out a 60 s timeout "
            + "(default ${DEFAULT-VALUE})")
    double budgetScale;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4", description = "cases run at once against one server (default ${DEFAULT-VALUE})")
    int parallel;

    CaseSelection selection() {
        return new CaseSelection(casePrefixes, sections);
    }

    /** The peer's options: the timeout and strictness given, certificates checked unless {@code insecure}. */
    PeerOptions peer(boolean insecure) {
        if (!(budgetScale >= PeerOptions.MIN_BUDGET_SCALE && budgetScale <= PeerOptions.MAX_BUDGET_SCALE)) {
            throw new IllegalArgumentException("--budget-scale must be " + PeerOptions.MIN_BUDGET_SCALE + " to "
                    + (int) PeerOptions.MAX_BUDGET_SCALE + " (a factor on each case's budget), got " + budgetScale);
        }
        return PeerOptions.defaults().withTimeout(ConformCommand.parseDuration(timeout)).withStrict(strict).withInsecure(insecure)
                .withBudgetScale(budgetScale);
    }
}
