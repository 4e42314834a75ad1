package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A real intermediary, Debian's nginx (docker-targets/nginx-proxy: h2c front, proxy_pass to h2scope's HTTP/1.1
 * origin), run as a local process: every case gets a verdict of its own (none INCONCLUSIVE), the valid requests
 * reach the origin, and every end-to-end case passes but the slow client's, which nginx FAILs: it spools the whole
 * response to temp files (proxy_buffering on by default). With a TLS front
 * (docker-targets/nginx-proxy-tls) every case comes out as over h2c. Skipped where nginx is not installed.
 */
class NginxProxyVerdictsTest {

    private static final String SLOW_CLIENT = "proxy/e2e/slow-client-bounded-buffering";
    /** Each intermediary's outcomes once its run passed every check: both tests need the h2c front's, run once. */
    private static final Map<String, Map<String, Outcome>> CHECKED = new ConcurrentHashMap<>();

    @Test
    void everyCaseGetsAVerdict() throws Exception {
        checked("nginx-proxy");
    }

    @Test
    @Tag("real-server-matrix")
    void aTlsFrontGivesTheVerdictsOfTheH2cFront() throws Exception {
        Map<String, Outcome> h2c = checked("nginx-proxy");
        Map<String, Outcome> tls = checked("nginx-proxy-tls");
        assertEquals(h2c, tls);
    }

    /** The outcomes of {@link #run} on {@code name}, run at most once per test run (a failed run is not kept). */
    private static Map<String, Outcome> checked(String name) throws Exception {
        Map<String, Outcome> done = CHECKED.get(name);
        if (done == null) {
            done = run(name);
            CHECKED.put(name, done);
        }
        return done;
    }

    /** Runs every case against the intermediary {@code name}, checking what every run must show; the outcomes. */
    private static Map<String, Outcome> run(String name) throws Exception {
        Properties spec = IntermediaryTarget.spec(name);
        String unavailable = IntermediaryTarget.unavailableReason(spec);
        Assumptions.assumeTrue(unavailable == null, unavailable);
        Map<String, Outcome> outcomes = new TreeMap<>();
        try (Origin origin = Origin.start(OriginKind.H1, 0);
                IntermediaryTarget nginx = IntermediaryTarget.start(name, origin)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(nginx.front(), nginx.frontTls(),
                    Duration.ofSeconds(5)), ProxyStage.DEFAULT_SETTLE).withIntermediary(nginx.process().orElseThrow());
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, false);
            assertTrue(runner.unreachable().isEmpty(), () -> "nginx forwards to the origin\n" + nginx.log());
            List<String> inconclusive = new ArrayList<>();
            StringBuilder all = new StringBuilder();
            for (ProxySuiteRunner.Result r : runner.run(ProxySuite.sections())) {
                all.append(r.definition().id()).append(": ").append(r.verdict()).append('\n');
                String id = r.definition().id().value();
                outcomes.put(id, r.verdict().verdict().outcome());
                if (id.startsWith("proxy/e2e/") && r.verdict().verdict().outcome() != Outcome.SKIP) {
                    assertEquals(id.equals(SLOW_CLIENT) ? Outcome.FAIL : Outcome.PASS,
                            r.verdict().verdict().outcome(), id + ": " + r.verdict());
                }
                if (id.equals(SLOW_CLIENT)) { // nginx is a process of ours: its memory over the case is measured
                    assertTrue(r.verdict().verdict().actual().contains("; intermediary RSS: before "), r.verdict()::toString);
                }
                if (id.endsWith("-accepted") || id.endsWith("cookie-crumbs-joined")) { // valid requests reach the origin
                    assertEquals(Outcome.PASS, r.verdict().verdict().outcome(), id + ": " + r.verdict());
                }
                if (r.verdict().verdict().outcome() == Outcome.INCONCLUSIVE) {
                    inconclusive.add(r.definition().id() + ": " + r.verdict());
                }
            }
            assertTrue(inconclusive.isEmpty(), String.join("\n", inconclusive) + "\n" + all + nginx.log());
            assertTrue(nginx.isAlive(), nginx.log());
        }
        return outcomes;
    }
}
