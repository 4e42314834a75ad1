package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.E2E_ConnectionSemantics;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * h2scope's own proxy relays octet for octet: in front of an h2c origin, the harness must see every request-side case
 * forwarded as it came. A case that comes out otherwise is a harness that cannot see forwarding.
 */
class OwnProxyForwardsAsItCameTest {

    @Test
    void everyCaseTowardH2cIsForwardedAsItCame() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                RecordingProxy proxy = OwnRelay.toward(origin)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    Duration.ofSeconds(5)), ProxyStage.DEFAULT_SETTLE);
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, false);
            assertTrue(runner.unreachable().isEmpty(), "the relay reaches the origin");
            List<String> wrong = new ArrayList<>();
            int judged = 0;
            for (ProxySuiteRunner.Result r : runner.run(judgedByForwarding())) {
                ProxyVerdict v = r.verdict();
                if (!r.definition().origins().contains(OriginKind.H2C)) {
                    assertEquals(Outcome.SKIP, v.verdict().outcome(), r.definition().id() + ": " + v);
                    continue;
                }
                judged++;
                boolean asCame = v.finding() == ProxyFinding.FORWARDED_AS_CAME && v.verdict().outcome() == Outcome.FAIL;
                boolean validAndForwarded = v.finding() == ProxyFinding.FORWARDED_ALLOWED
                        && v.verdict().outcome() == Outcome.PASS && r.definition().id().value().endsWith("-accepted");
                if (!asCame && !validAndForwarded) {
                    wrong.add(r.definition().id() + ": " + v);
                }
            }
            assertTrue(judged >= 20, "judged " + judged);
            assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        }
    }

    /** The cases the TLS front runs: one per kind of fault (framing, field octets, connection fields, control data). */
    private static final List<String> OVER_TLS = List.of("proxy/8.1.1/h2-cl-smuggled-request",
            "proxy/8.2.1/value-crlf-injects-field", "proxy/8.2.2/connection-field-forwarded", "proxy/8.3/repeated-path",
            "proxy/8.3.1/path-with-crlf");

    @Test
    void overATlsFrontAHandfulIsForwardedAsItCameToo() throws Exception {
        KeyMaterial identity = SelfSignedCertificate.generate("localhost", "127.0.0.1");
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                RecordingProxy proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                        new Upstream("127.0.0.1", origin.port(), false), SslContexts.server(identity),
                        SslContexts.insecureClient(), false, null, null, ProxyLimits.DEFAULTS, TraceSink.NONE,
                        line -> { }))) {
            FrontClient front = new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    SslContexts.clientTrusting(List.of(identity.certificate())), Duration.ofSeconds(5));
            ProxySuiteRunner runner = new ProxySuiteRunner(new ProxyStage(origin, front, ProxyStage.DEFAULT_SETTLE),
                    false);
            assertTrue(runner.unreachable().isEmpty(), "the relay reaches the origin over TLS");
            for (String id : OVER_TLS) {
                ProxyCase c = ProxySuite.cases().stream().filter(x -> x.id().value().equals(id)).findFirst()
                        .orElseThrow();
                ProxyVerdict v = runner.run(c);
                assertEquals(ProxyFinding.FORWARDED_AS_CAME, v.finding(), id + ": " + v);
                assertEquals(Outcome.FAIL, v.verdict().outcome(), id + ": " + v);
            }
        }
    }

    /** Every section but the end-to-end one, which {@link OwnProxyEndToEndTest} runs through the same relay. */
    static List<ProxySection> judgedByForwarding() {
        return ProxySuite.sections().stream().filter(s -> !(s instanceof E2E_ConnectionSemantics)).toList();
    }
}
