package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.engine.proxy.RecordingProxy;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Cases run at once through the same intermediary and origin ({@code conform-proxy --parallel}) tell their requests
 * and their legs apart by their markers: through h2scope's own relay toward the h2c origin, the whole suite run four
 * at once judges every case as it does one at a time, and no marker shows in two cases' legs.
 */
class ParallelCasesTest {

    private static final Pattern MARKER = Pattern.compile("h2sm[0-9a-f]{12}");
    /** The marker the two-responses case writes into the origin's poison answer: nobody's request carries it. */
    private static final String POISON = "h2sm000000000000";

    @Test
    void fourAtOnceJudgeEveryCaseAsOneAtATimeAndKeepEachCasesLegsItsOwn() throws Exception {
        Map<String, ProxySuiteRunner.Result> serial = run(1);
        Map<String, ProxySuiteRunner.Result> parallel = run(4);
        assertEquals(serial.keySet(), parallel.keySet());
        List<String> differ = new ArrayList<>();
        Map<String, String> owners = new HashMap<>();
        List<String> shared = new ArrayList<>();
        for (ProxySuiteRunner.Result r : parallel.values()) {
            String id = r.definition().id().value();
            ProxyVerdict one = serial.get(id).verdict();
            ProxyVerdict four = r.verdict();
            if (one.finding() != four.finding() || one.verdict().outcome() != four.verdict().outcome()) {
                differ.add(id + ":\n  one at a time: " + one + "\n  four at once:  " + four);
            }
            if (hasOriginLeg(serial.get(id)) != hasOriginLeg(r)) {
                differ.add(id + ": an origin leg one at a time " + hasOriginLeg(serial.get(id)) + ", four at once "
                        + hasOriginLeg(r));
            }
            for (String m : markers(r.evidence())) {
                String was = owners.putIfAbsent(m, id);
                if (was != null && !was.equals(id)) {
                    shared.add(m + " in the legs of " + was + " and " + id);
                }
            }
        }
        assertTrue(differ.isEmpty(), String.join("\n", differ));
        assertTrue(shared.isEmpty(), String.join("\n", shared));
        long withLegs = parallel.values().stream().filter(ParallelCasesTest::hasOriginLeg).count();
        assertTrue(withLegs >= 60, "cases with an origin leg: " + withLegs);
    }

    @Test
    void aParallelOutOfRangeIsRefused() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", 1),
                    Duration.ofSeconds(1)), ProxyStage.DEFAULT_SETTLE);
            for (int n : new int[] {0, ProxySuiteRunner.MAX_PARALLEL + 1}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> new ProxySuiteRunner(stage, false, CaseSelection.all(), n));
                assertEquals("--parallel takes 1 to 16 (cases run at once through the intermediary), got " + n,
                        e.getMessage());
            }
        }
    }

    @Test
    void theCasesThatCannotShareSayWhy() {
        Set<String> alone = new TreeSet<>();
        ProxySuite.cases().stream().filter(ProxyCase::runsAlone).forEach(c -> alone.add(c.id().value()));
        assertTrue(alone.contains("proxy/e2e/slow-client-bounded-buffering"), alone.toString());
        assertTrue(alone.contains("proxy/e2e/origin-goaway-drains"), alone.toString());
        assertTrue(alone.contains("proxy/response/8.1/two-responses-one-request"), alone.toString());
        assertTrue(alone.size() < 12, "most cases share: " + alone);
    }

    /** The whole suite through a fresh relay and origin, {@code parallel} at once, by case id. */
    private static Map<String, ProxySuiteRunner.Result> run(int parallel) throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                RecordingProxy proxy = OwnRelay.toward(origin)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    Duration.ofSeconds(10)), ProxyStage.DEFAULT_SETTLE);
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, false, CaseSelection.all(), parallel);
            Map<String, ProxySuiteRunner.Result> byId = new LinkedHashMap<>();
            List<ProxySuiteRunner.Result> results = runner.run(ProxySuite.sections());
            results.forEach(r -> byId.put(r.definition().id().value(), r));
            assertEquals(runner.plan(ProxySuite.sections()).stream().map(p -> p.definition().id().value()).toList(),
                    List.copyOf(byId.keySet()), "in suite order");
            return byId;
        }
    }

    private static boolean hasOriginLeg(ProxySuiteRunner.Result r) {
        return r.evidence().stream().anyMatch(e -> e.text().startsWith("origin leg"));
    }

    /** Every marker the lines show, in their text and their events. */
    private static Set<String> markers(List<TraceEntry> lines) {
        Set<String> found = new TreeSet<>();
        for (TraceEntry line : lines) {
            Matcher m = MARKER.matcher(line.toString());
            while (m.find()) {
                found.add(m.group());
            }
        }
        found.remove(POISON);
        return found;
    }
}
