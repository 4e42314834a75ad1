package io.h2scope.conformance.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.server.H2Server;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The security cases that wait for a server's own limit, each against the reference server twice: with the
 * limit short enough to act within the (scaled) budget, PASS; with the limit off, INCONCLUSIVE at the end of
 * the budget, never PASS and never FAIL (the RFC sets no deadline). Budgets are scaled down so the pair runs in
 * seconds; the scaled budget is what the result reports.
 */
class HeldResourceCasesTest {

    @Test
    void zeroWindowStallIsResetWhenTheServerHasAStallTimeout() throws Exception {
        CaseResult acted = run("security/zero-window-stall-reset", 0.25, b -> b.sendStallTimeout(Duration.ofSeconds(1)));
        assertEquals(Outcome.PASS, acted.verdict().outcome(), acted::toString);
        assertTrue(acted.verdict().actual().contains("RST_STREAM") && acted.verdict().actual().contains("CANCEL"), acted::toString);
        assertEquals(Duration.ofSeconds(5), acted.budget());

        CaseResult never = run("security/zero-window-stall-reset", 0.15, b -> b.sendStallTimeout(Duration.ZERO));
        assertEquals(Outcome.INCONCLUSIVE, never.verdict().outcome(), never::toString);
        assertTrue(never.verdict().actual().contains("within the 3 s budget") && never.verdict().actual().contains("--budget-scale"),
                never::toString);
    }

    @Test
    void slowBodyIsCutOffWhenTheServerHasAMinimumRate() throws Exception {
        CaseResult acted = run("security/slow-body", 0.2, b -> b.minRequestBodyRate(500, Duration.ofSeconds(1)));
        assertEquals(Outcome.PASS, acted.verdict().outcome(), acted::toString); // a PASS is the server acting within the budget

        // "/" answers at once: the dribble then holds only the half-closed stream, which the rate limit also resets
        CaseResult early = run("security/slow-body", 0.1, "/", b -> b.minRequestBodyRate(0, Duration.ZERO));
        assertEquals(Outcome.PASS_LENIENT, early.verdict().outcome(), early::toString);
        assertTrue(early.verdict().actual().contains("without waiting for the body"), early::toString);

        // "/echo" reads the body: with no rate limit the server waits to the end of the budget
        CaseResult never = run("security/slow-body", 0.1, "/echo", b -> b.minRequestBodyRate(0, Duration.ZERO));
        assertEquals(Outcome.INCONCLUSIVE, never.verdict().outcome(), never::toString);
        assertTrue(never.verdict().actual().contains("3 s (the whole budget)"), never::toString);
    }

    @Test
    void slowPrefaceIsClosedWhenTheServerHasAHandshakeTimeout() throws Exception {
        CaseResult acted = run("security/slow-preface", 0.25, b -> b.handshakeTimeout(Duration.ofMillis(500)));
        assertEquals(Outcome.PASS, acted.verdict().outcome(), acted::toString);

        CaseResult never = run("security/slow-preface", 0.1, b -> b.handshakeTimeout(Duration.ZERO));
        assertEquals(Outcome.INCONCLUSIVE, never.verdict().outcome(), never::toString);
    }

    @Test
    void connectionCountSeesAPerAddressCapAndNoCapAboveTheBound() throws Exception {
        CaseResult capped = run("security/connection-count", 1, b -> b.maxConnectionsPerAddress(100));
        assertEquals(Outcome.PASS, capped.verdict().outcome(), capped::toString);
        // at the cap the server sheds the connection idle the longest for each newcomer: ours from the first on
        assertTrue(capped.verdict().actual().contains("the first it closed was #1,"), capped::toString);

        CaseResult open = run("security/connection-count", 1, b -> b.maxConnectionsPerAddress(5_000));
        assertEquals(Outcome.INCONCLUSIVE, open.verdict().outcome(), open::toString);
        assertTrue(open.verdict().actual().contains("no cap at or below 1100"), open::toString);
    }

    private static CaseResult run(String id, double budgetScale, UnaryOperator<H2Server.Builder> limits) throws Exception {
        return run(id, budgetScale, "/", limits);
    }

    private static CaseResult run(String id, double budgetScale, String path, UnaryOperator<H2Server.Builder> limits)
            throws Exception {
        try (ReferenceServerTarget server = new ReferenceServerTarget(false, limits, "reference server with test limits")) {
            Target started = server.start();
            Target target = new Target(started.name(), started.host(), started.port(), false, path);
            RunConfig config = RunConfig.defaults(target)
                    .withPeer(PeerOptions.defaults().withStrict(true).withBudgetScale(budgetScale))
                    .withSelection(new CaseSelection(List.of(id), List.of()));
            List<CaseResult> results = new SuiteRunner(config).run(Suites.all(), new RunListener() { }).results();
            assertEquals(1, results.size(), () -> id + " selected " + results);
            return results.get(0);
        }
    }
}
