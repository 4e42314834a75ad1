package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The response-side cases through a real intermediary, Debian's nginx (docker-targets/nginx-proxy: h2c front,
 * proxy_pass to h2scope's HTTP/1.1 origin): every HTTP/1.1-origin case gets a verdict of its own (none
 * INCONCLUSIVE), the h2c-origin ones SKIP, and nginx survives the run. Needs nginx installed: real-server-matrix.
 */
@Tag("real-server-matrix")
class NginxProxyResponseVerdictsTest {

    @Test
    void everyResponseCaseGetsAVerdict() throws Exception {
        Properties spec = IntermediaryTarget.spec("nginx-proxy");
        String unavailable = IntermediaryTarget.unavailableReason(spec);
        Assumptions.assumeTrue(unavailable == null, unavailable);
        List<ProxySection> responseSide = ProxySuite.sections().stream()
                .filter(s -> s.id().startsWith("proxy/response/")).toList();
        try (Origin origin = Origin.start(OriginKind.H1, 0);
                IntermediaryTarget nginx = IntermediaryTarget.start("nginx-proxy", origin)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(nginx.front(), Duration.ofSeconds(5)),
                    ProxyStage.DEFAULT_SETTLE);
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, true);
            assertTrue(runner.unreachable().isEmpty(), () -> "nginx forwards to the origin\n" + nginx.log());
            List<String> wrong = new ArrayList<>();
            StringBuilder all = new StringBuilder();
            int judged = 0;
            for (ProxySuiteRunner.Result r : runner.run(responseSide)) {
                all.append(r.definition().id()).append(": ").append(r.verdict()).append('\n');
                Outcome outcome = r.verdict().verdict().outcome();
                boolean h2cOnly = !r.definition().origins().contains(OriginKind.H1);
                if (h2cOnly ? outcome != Outcome.SKIP : outcome == Outcome.INCONCLUSIVE || outcome == Outcome.SKIP) {
                    wrong.add(r.definition().id() + ": " + r.verdict());
                }
                judged += h2cOnly ? 0 : 1;
            }
            System.out.println(all);
            assertTrue(judged >= 40, "judged " + judged);
            assertTrue(wrong.isEmpty(), String.join("\n", wrong) + "\n" + all + nginx.log());
            assertTrue(nginx.isAlive(), nginx.log());
        }
    }
}
