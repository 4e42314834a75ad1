package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.E2E_ConnectionSemantics;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.proxy.RecordingProxy;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * h2scope's own proxy relays octet for octet, so every end-to-end case must PASS through it toward an h2c origin: a
 * reset, a cut, a GOAWAY, trailers, interim responses and large bodies all arrive as the other end sent them. A case
 * that comes out otherwise is a harness that misreads one of its own ends. A relay that loses them must fail them.
 */
class OwnProxyEndToEndTest {

    @Test
    void everyEndToEndCasePassesThroughAByteExactRelay() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                RecordingProxy proxy = OwnRelay.toward(origin)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    Duration.ofSeconds(10)), ProxyStage.DEFAULT_SETTLE);
            List<String> wrong = new ArrayList<>();
            List<ProxySuiteRunner.Result> results = new ProxySuiteRunner(stage, false)
                    .run(List.of(new E2E_ConnectionSemantics()));
            for (ProxySuiteRunner.Result r : results) {
                if (r.verdict().verdict().outcome() != Outcome.PASS) {
                    wrong.add(r.definition().id() + ": " + r.verdict());
                }
            }
            assertTrue(results.size() >= 10, "cases: " + results.size());
            assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        }
    }

    /**
     * RFC 9113 §8.7: a front that resets a fresh connection's stream with REFUSED_STREAM before forwarding anything
     * has not processed it. The end-to-end case runs again whole on a new connection and is judged by that try, its
     * verdict saying so; without the retry the client's reset mid-upload would pass as "never forwarded".
     */
    @Test
    void anEndToEndCaseWhoseStreamTheFrontRefusedUnprocessedRunsAgainAndSaysSo() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0); RefusingRelay relay = new RefusingRelay(origin.port(), 1)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", relay.port()),
                    null, Duration.ofSeconds(10), FrontClient.DEFAULT_REFUSED_RETRIES), ProxyStage.DEFAULT_SETTLE);
            ProxyVerdict verdict = new ProxySuiteRunner(stage, false).run(e2eCase("client-reset-mid-upload"));
            assertEquals(Outcome.PASS, verdict.verdict().outcome(), verdict.toString());
            assertTrue(verdict.verdict().actual().contains("; at the origin: "), "judged by the reset that reached the"
                    + " origin on the retry, not by the refusal: " + verdict);
            assertTrue(verdict.verdict().actual().endsWith(FrontClient.retryNote(1)), verdict.toString());
            assertEquals(2, relay.connections.get(), "the retry went on a new connection");
        }
    }

    /** A front that refuses every try is retried as often as allowed, and the case is not judged on a refusal. */
    @Test
    void anEndToEndCaseRefusedOnEveryTryIsInconclusive() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                RefusingRelay relay = new RefusingRelay(origin.port(), Integer.MAX_VALUE)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", relay.port()),
                    null, Duration.ofSeconds(10), 1), ProxyStage.DEFAULT_SETTLE);
            ProxyVerdict verdict = new ProxySuiteRunner(stage, false).run(e2eCase("client-reset-mid-upload"));
            assertEquals(Outcome.INCONCLUSIVE, verdict.verdict().outcome(), verdict.toString());
            assertTrue(verdict.verdict().actual().contains("refused the case's stream unprocessed on every try")
                    && verdict.verdict().actual().contains(FrontClient.retryNote(1)), verdict.toString());
            assertEquals(2, relay.connections.get(), "one try and one retry");
        }
    }

    private static ProxyCase e2eCase(String name) {
        return new E2E_ConnectionSemantics().cases().stream()
                .filter(c -> c.id().value().equals("proxy/e2e/" + name)).findFirst().orElseThrow();
    }

    /** What {@link LossyRelay} loses, each case that must see it; the large bodies it passes whole. */
    @Test
    void aRelayThatLosesResetsTrailersAndGoAwayFailsTheCasesThatLookForThem() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0); LossyRelay relay = new LossyRelay(origin.port())) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", relay.port()),
                    Duration.ofSeconds(3)), ProxyStage.DEFAULT_SETTLE);
            Map<String, ProxyVerdict> v = new TreeMap<>();
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, false);
            for (ProxySuiteRunner.Result r : runner.run(List.of(new E2E_ConnectionSemantics()))) {
                v.put(r.definition().id().value(), r.verdict());
            }
            for (String lost : List.of("client-reset-mid-upload", "client-reset-mid-download",
                    "origin-cut-declared-length", "origin-cut-undeclared-length", "origin-goaway-drains", "grpc-response-trailers")) {
                ProxyVerdict verdict = v.get("proxy/e2e/" + lost);
                assertEquals(Outcome.FAIL, verdict.verdict().outcome(), lost + ": " + verdict);
            }
            assertTrue(v.get("proxy/e2e/origin-cut-declared-length").verdict().actual()
                    .contains("truncated response handed over as complete"), v.toString());
            for (String whole : List.of("large-upload-whole", "large-download-whole", "request-trailers")) {
                ProxyVerdict verdict = v.get("proxy/e2e/" + whole);
                assertEquals(Outcome.PASS, verdict.verdict().outcome(), whole + ": " + verdict);
            }
        }
    }

    /** The slow-client case sees a relay that reads the origin's answer ahead of the client without bound. */
    @Test
    void aRelayThatReadsAheadOfASlowClientWithoutBoundFailsTheBufferingCase() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0); HoardingRelay relay = new HoardingRelay(origin.port())) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", relay.port()),
                    Duration.ofSeconds(5)), ProxyStage.DEFAULT_SETTLE, ProxyStage.MIN_BUFFER_LIMIT);
            ProxyCase slow = e2eCase("slow-client-bounded-buffering");
            ProxyVerdict verdict = new ProxySuiteRunner(stage, false).run(slow);
            assertEquals(Outcome.FAIL, verdict.verdict().outcome(), verdict.toString());
            assertTrue(verdict.verdict().actual().contains("buffered without bound: the intermediary took "
                    + 2 * ProxyStage.MIN_BUFFER_LIMIT + " of " + 2 * ProxyStage.MIN_BUFFER_LIMIT), verdict.toString());
            // a relay reached by its address only: no process to measure
            assertTrue(verdict.verdict().actual().endsWith(IntermediaryMemory.NOT_MEASURED), verdict.toString());
        }
    }

    /**
     * An intermediary whose process is known (here the relay runs in this JVM) has its memory over the slow-client case
     * in the evidence, read at the interval the stage was given; the verdict is still the origin's measure.
     */
    @Test
    void theSlowClientCaseReportsTheMemoryOfAnIntermediaryWhoseProcessIsKnown() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                RecordingProxy proxy = OwnRelay.toward(origin)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    Duration.ofSeconds(10)), ProxyStage.DEFAULT_SETTLE, ProxyStage.MIN_BUFFER_LIMIT)
                    .withIntermediary(ProcessHandle.current(), Duration.ofMillis(20));
            ProxyCase slow = e2eCase("slow-client-bounded-buffering");
            ProxyVerdict verdict = new ProxySuiteRunner(stage, false).run(slow);
            assertEquals(Outcome.PASS, verdict.verdict().outcome(), verdict.toString());
            // a byte relay passes the client's windows on: the origin sent what the client took, frame by frame
            assertTrue(verdict.verdict().actual().contains("took 65535 of " + 2 * ProxyStage.MIN_BUFFER_LIMIT
                    + " octets from the origin while the client, its window at zero, took 65535: 0 read ahead"),
                    verdict.toString());
            assertTrue(verdict.verdict().actual().contains("; intermediary RSS: before "), verdict.toString());
            assertTrue(verdict.verdict().actual().contains(", peak "), verdict.toString());
            assertTrue(verdict.verdict().actual().contains(" readings every 20 ms of "), verdict.toString());
        }
    }
}
