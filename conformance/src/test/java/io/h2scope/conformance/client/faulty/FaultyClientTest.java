package io.h2scope.conformance.client.faulty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.client.ClientRunResult;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.OwnClientLeniency;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.runner.JudgedListener;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Whether the client suite's verdicts are right: h2scope's own client is run through the suite once per
 * {@link ClientFault}, each breaking one rule it follows as a sender or hiding from it a fault it must refuse, and once
 * without a fault through the same relay (and once more with push enabled, through the push cases). A fault's run
 * is the whole suite unless its {@link FaultRun} names the one section its rewrite can change.
 * Each fault must FAIL exactly the cases that judge its rule, and leave every other case's verdict as the fault-free
 * run has it; the fault-free run must pass every MUST case it can exercise. Each FAIL is printed, one line per case:
 * {@code ... -Dtest=FaultyClientTest | grep fault-verdict}.
 */
@Tag("client-matrix") // the suite once per fault: about two minutes on 2 cores; mvn -Preal-servers (.ci/run)
class FaultyClientTest {

    /** Each case's wait for the client: as the CLI's, generous for a loaded machine. */
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** Runs at once: each is mostly waiting on sockets, so more than the cores. */
    private static final int RUNS_AT_ONCE = 9;

    private static final Map<ClientFault, Map<String, Verdict>> RUNS = new EnumMap<>(ClientFault.class);

    @BeforeAll
    static void runTheSuiteOncePerFault() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(RUNS_AT_ONCE);
        try {
            Map<ClientFault, Future<Map<String, Verdict>>> running = new EnumMap<>(ClientFault.class);
            for (ClientFault fault : ClientFault.values()) {
                running.put(fault, pool.submit(() -> verdicts(fault)));
            }
            for (var e : running.entrySet()) {
                RUNS.put(e.getKey(), e.getValue().get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static Map<String, Verdict> verdicts(ClientFault fault) throws InterruptedException {
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        ClientRunResult run = runOnce(fault);
        if (run.unreachable() != null && run.results().isEmpty()) {
            // nine runs starting at once on a loaded machine: a first connection can miss the wait; that says
            // nothing of the fault, so such a run is started once more before it counts
            run = runOnce(fault);
        }
        if (run.unreachable() != null) { // said here, not as a missing verdict in every test
            throw new IllegalStateException(fault + ": the run stopped after " + run.results().size()
                    + " cases: " + run.unreachable());
        }
        for (ClientSuiteRunner.Result r : run.results()) {
            verdicts.put(r.definition().id().value(), r.verdict());
        }
        return verdicts;
    }

    private static ClientRunResult runOnce(ClientFault fault) throws InterruptedException {
        try (FaultyClient client = new FaultyClient(fault)) {
            return new ClientSuiteRunner(client, TIMEOUT, Optional.empty(), false, fault.run().selection())
                    .run(ClientSuite.sections(), new JudgedListener() { });
        }
    }

    @Test
    void withoutAFaultTheRelayedClientPassesEveryMustCaseItCanExercise() {
        Map<String, Verdict> baseline = RUNS.get(ClientFault.NONE);
        assertEquals(ClientSuite.cases().size(), baseline.size());
        Map<String, Verdict> notPassed = new TreeMap<>();
        baseline.forEach((id, v) -> {
            boolean cannot = v.outcome() == Outcome.SKIP && (v.reason().startsWith("SHOULD-level rule")
                    || v.reason().startsWith("h2scope-none cannot")
                    || v.reason().startsWith("the client disabled push")
                    // as RFC 9113 §9.2.2 advises: the engine's TLS offers no prohibited suite
                    || v.reason().startsWith("the client offered none of the prohibited"));
            if (v.outcome() != Outcome.PASS && !cannot && !OwnClientLeniency.accepts(id, v.outcome())) {
                notPassed.put(id, v);
            }
        });
        assertEquals(Map.of(), notPassed);
    }

    @Test
    void withoutAFaultTheRelayedClientWithPushPassesThePushCases() {
        Map<String, Verdict> baseline = RUNS.get(ClientFault.NONE_WITH_PUSH);
        Map<String, Outcome> outcomes = new TreeMap<>();
        baseline.forEach((id, v) -> outcomes.put(id, v.outcome()));
        assertEquals(Map.of("client/8.4/push-promise-when-disabled", Outcome.SKIP,
                "client/8.4/push-accepted-or-refused", Outcome.PASS,
                "client/8.4.1/push-promise-unsafe-method", Outcome.PASS), outcomes, baseline.toString());
    }

    @TestFactory
    Stream<DynamicTest> eachFaultFailsExactlyTheCasesOfItsRule() {
        Set<String> ids = ClientSuite.cases().stream().map(c -> c.id().value()).collect(Collectors.toSet());
        return Stream.of(ClientFault.values()).filter(f -> !f.isBaseline()).map(fault -> DynamicTest.dynamicTest(
                fault.name(), () -> {
                    assertTrue(ids.containsAll(fault.caughtBy()) && ids.containsAll(fault.unjudged()),
                            "no such case: " + fault.caughtBy() + " " + fault.unjudged());
                    assertTrue(Stream.concat(fault.caughtBy().stream(), fault.unjudged().stream())
                            .allMatch(fault.run()::runs), "a case of its rule outside its run: " + fault.run());
                    Map<String, Verdict> run = RUNS.get(fault);
                    Map<String, Verdict> baseline = RUNS.get(fault.baseline());
                    Set<String> failed = run.entrySet().stream().filter(e -> e.getValue().outcome() == Outcome.FAIL)
                            .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
                    Map<String, String> otherwise = new TreeMap<>();
                    run.forEach((id, v) -> {
                        boolean unjudged = fault.unjudged().contains(id);
                        if (unjudged ? v.outcome() != Outcome.SKIP && v.outcome() != Outcome.INCONCLUSIVE
                                : !fault.caughtBy().contains(id) && v.outcome() != baseline.get(id).outcome()) {
                            otherwise.put(id, baseline.get(id).outcome() + " -> " + v);
                        }
                    });
                    String seen = fault + " (" + fault.does() + "): FAIL " + failed + "; other changes " + otherwise
                            + "; the cases of its rule: " + fault.caughtBy().stream().collect(Collectors.toMap(id -> id,
                            run::get, (a, b) -> a, TreeMap::new));
                    failed.forEach(id -> System.out.println("fault-verdict " + fault + " " + id + ": " + run.get(id)));
                    assertEquals(new TreeSet<>(fault.caughtBy()), failed, seen);
                    assertEquals(Map.of(), otherwise, seen);
                }));
    }
}
