package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.verdict.Outcome;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The judge against test intermediaries whose behaviour is known: a naive HTTP/2 to HTTP/1.1 downgrade must come out
 * as desync proven on the smuggling cases and forwarded as it came on CR/LF injection; a normalizing one as forwarded
 * with the fault removed.
 */
class IntermediaryJudgeTest {

    private static Map<String, ProxyVerdict> run(NaiveDowngrader.Mode mode) throws Exception {
        try (Origin origin = Origin.start(OriginKind.H1, 0); NaiveDowngrader proxy = new NaiveDowngrader(origin.port(), mode)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    Duration.ofSeconds(3)), ProxyStage.DEFAULT_SETTLE);
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, false);
            Map<String, ProxyVerdict> out = new TreeMap<>();
            for (String id : new String[] {"proxy/8.1.1/h2-cl-smuggled-request", "proxy/8.2.2/h2-te-smuggled-request",
                    "proxy/8.2.1/value-crlf-injects-field", "proxy/8.2.2/connection-field-forwarded"}) {
                ProxyCase c = ProxySuite.cases().stream().filter(x -> x.id().value().equals(id)).findFirst().orElseThrow();
                out.put(id, runner.run(c));
            }
            return out;
        }
    }

    @Test
    void aNaiveDowngradeIsADesyncOnTheSmugglingCases() throws Exception {
        Map<String, ProxyVerdict> v = run(NaiveDowngrader.Mode.NAIVE);
        for (String id : new String[] {"proxy/8.1.1/h2-cl-smuggled-request", "proxy/8.2.2/h2-te-smuggled-request"}) {
            assertEquals(ProxyFinding.DESYNC, v.get(id).finding(), id + ": " + v.get(id));
            assertEquals(Outcome.FAIL, v.get(id).verdict().outcome());
            assertTrue(v.get(id).verdict().actual().contains("/smuggled HTTP/1.1"), "the smuggled octets are shown: "
                    + v.get(id));
        }
        ProxyVerdict crlf = v.get("proxy/8.2.1/value-crlf-injects-field");
        assertEquals(ProxyFinding.FORWARDED_AS_CAME, crlf.finding(), crlf.toString());
        assertTrue(crlf.verdict().actual().contains("x-h2scope-injected"), crlf.toString());
        assertEquals(ProxyFinding.FORWARDED_AS_CAME, v.get("proxy/8.2.2/connection-field-forwarded").finding());
    }

    @Test
    void aNormalizingDowngradeComesOutAsForwardedWithTheFaultRemoved() throws Exception {
        Map<String, ProxyVerdict> v = run(NaiveDowngrader.Mode.NORMALIZING);
        v.forEach((id, verdict) -> {
            assertEquals(ProxyFinding.FORWARDED_ALLOWED, verdict.finding(), id + ": " + verdict);
            assertEquals(Outcome.PASS_LENIENT, verdict.verdict().outcome(), id + ": " + verdict);
        });
    }
}
