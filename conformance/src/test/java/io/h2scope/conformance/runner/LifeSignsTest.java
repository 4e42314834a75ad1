package io.h2scope.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The liveness probe's question answered by the run's other connections, and only by connections opened after the case. */
class LifeSignsTest {

    @Test
    @DisplayName("a connection opened before the case ended proves nothing; one opened after does")
    void onlyLaterConnectionsCount() throws Exception {
        LifeSigns signs = new LifeSigns();
        signs.caseStarted(); // a case beside the asking one, which has given up its turn
        long before = System.nanoTime();
        signs.served(before, "earlier");
        long ended = System.nanoTime();
        CompletableFuture<String> proof = CompletableFuture.supplyAsync(() -> {
            try {
                return signs.servedSince(ended);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        signs.served(System.nanoTime(), "later");
        String found = proof.get(30, TimeUnit.SECONDS);
        assertNotNull(found, "a later connection was served");
        assertTrue(found.startsWith("later"), found);
    }

    @Test
    @DisplayName("with no other case running there is nobody to ask: no wait, the caller probes")
    void aloneMeansProbe() throws Exception {
        LifeSigns signs = new LifeSigns();
        assertNull(signs.servedSince(System.nanoTime()));
    }

    @Test
    @DisplayName("a run beside other cases answers most error cases' liveness from their connections, every verdict the same")
    void errorCasesBorrowProofsInARun() {
        try (ReferenceServerTarget embedded = new ReferenceServerTarget(false, b -> b, "reference server")) {
            RunConfig config = RunConfig.defaults(embedded.start()).withParallel(4)
                    .withPeer(PeerOptions.defaults().withTimeout(Duration.ofSeconds(2)))
                    .withSelection(new CaseSelection(List.of("http2/6", "generic"), List.of()));
            RunResult run = new SuiteRunner(config).run(Suites.all(), new RunListener() { });
            List<CaseResult> errorCases = run.results().stream()
                    .filter(r -> r.definition().errorCase() && r.verdict().outcome() != Outcome.SKIP).toList();
            long borrowed = errorCases.stream().filter(r -> r.evidenceText().contains("liveness: a connection of the run")).count();
            assertTrue(errorCases.size() > 20, errorCases.size() + " error cases");
            assertTrue(borrowed > 0, "no error case was answered by another connection");
            run.results().forEach(r -> assertEquals(Outcome.PASS, r.verdict().outcome(), r.definition().id() + ": " + r.verdict()));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
