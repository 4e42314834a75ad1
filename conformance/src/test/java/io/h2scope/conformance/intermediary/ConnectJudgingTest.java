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
import org.junit.jupiter.api.Test;

/**
 * The CONNECT cases (RFC 9113 §8.5, RFC 8441) against a front that tunnels every CONNECT to its {@code :authority}
 * and answers anything else itself: the origin sees no request, and the front's 2xx is the tunnel. A well-formed CONNECT
 * tunnelled is a PASS, a malformed one a FAIL; the tunnel goes to the origin's own listener, the harmless target the
 * cases name. Extended CONNECT is judged only where the front did not advertise it.
 */
class ConnectJudgingTest {

    private static ProxyVerdict run(TunnellingFront front, Origin origin, String id) throws Exception {
        ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", front.port()),
                Duration.ofSeconds(5)), ProxyStage.DEFAULT_SETTLE);
        ProxyCase c = ProxySuite.cases().stream().filter(x -> x.id().value().equals(id)).findFirst().orElseThrow();
        return new ProxySuiteRunner(stage, false).run(c);
    }

    @Test
    void aTunnelForAWellFormedConnectPassesAndForAMalformedOneFails() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H1, 0); TunnellingFront front = new TunnellingFront(false)) {
            ProxyVerdict accepted = run(front, origin, "proxy/8.5/connect-accepted");
            assertEquals(Outcome.PASS, accepted.verdict().outcome(), accepted.toString());
            assertTrue(accepted.verdict().actual().startsWith("tunnelled: the front answered status 200"),
                    accepted.toString());
            assertTrue(origin.connections() >= 1, "the tunnel reached the origin's own listener, the :authority");
            for (String id : new String[] {"proxy/8.5/connect-with-path", "proxy/8.5/connect-with-scheme"}) {
                ProxyVerdict v = run(front, origin, id);
                assertEquals(Outcome.FAIL, v.verdict().outcome(), id + ": " + v);
                assertEquals(ProxyFinding.FORWARDED_AS_CAME, v.finding(), id + ": " + v);
                assertTrue(v.verdict().actual().contains("tunnel of a CONNECT (RFC 9113 §8.5) for :authority 127.0.0.1:"
                        + origin.port()),
                        id + ": " + v);
            }
            assertEquals(0, origin.arrivals().total(), "no request reached the origin, only tunnels");
        }
    }

    @Test
    void extendedConnectIsJudgedOnlyWhereTheFrontDidNotAdvertiseIt() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H1, 0); TunnellingFront plain = new TunnellingFront(false);
                TunnellingFront advertising = new TunnellingFront(true)) {
            ProxyVerdict without = run(plain, origin, "proxy/8.5/protocol-without-setting");
            assertEquals(Outcome.FAIL, without.verdict().outcome(), without.toString());
            assertTrue(without.verdict().expected().contains("RFC 8441 §3"), without.toString());
            ProxyVerdict with = run(advertising, origin, "proxy/8.5/protocol-without-setting");
            assertEquals(Outcome.SKIP, with.verdict().outcome(), with.toString());
            assertTrue(with.verdict().actual().contains("SETTINGS_ENABLE_CONNECT_PROTOCOL = 1"), with.toString());
            ProxyVerdict onGet = run(advertising, origin, "proxy/8.5/protocol-on-get");
            // a 200 to a GET with nothing at the origin is no tunnel: the front answered for itself
            assertEquals(Outcome.INCONCLUSIVE, onGet.verdict().outcome(), onGet.toString());
        }
    }
}
