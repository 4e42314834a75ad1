package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.intermediary.LocalIntermediary;
import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.SslContexts;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class ConformProxyCommandTest {

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void listsTheCasesWithoutRunning() {
        CommandRun r = CommandRun.of("conform-proxy", "--list");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("proxy/8.1.1/h2-cl-smuggled-request"), r.out());
        assertTrue(r.out().contains("proxy/8.2.3/cookie-crumbs-joined"), r.out());
    }

    @Test
    void aFrontWithoutAnOriginPortIsAUsageError() {
        CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1");
        assertEquals(2, r.exit());
        assertTrue(r.errLine().contains("--origin-port N is required with --front"), r.err());
        assertEquals(2, CommandRun.of("conform-proxy", "--front", "https://127.0.0.1:1", "--origin-port", "9").exit());
        assertEquals(2, CommandRun.of("conform-proxy").exit());
    }

    @Test
    void anIntermediaryForwardingElsewhereIsSaidOnceWithExit3() throws Exception {
        int origin = freePort();
        // a byte relay toward a port where nothing listens: it never reaches the origin h2scope opens
        try (RecordingProxy proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                new Upstream("127.0.0.1", freePort(), false), null, SslContexts.insecureClient(), false, null, null,
                ProxyLimits.DEFAULTS, TraceSink.NONE, line -> { }))) {
            CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:" + proxy.port(), "--origin-port",
                    Integer.toString(origin), "--timeout", "2s");
            assertEquals(3, r.exit(), r.out() + r.err());
            assertTrue(r.errLine().contains("the origin saw nothing") && r.errLine().contains(
                    "is the intermediary configured to forward to 127.0.0.1:" + origin + "?"), r.err());
        }
    }

    @Test
    void anOriginPortInUseIsSaid() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port",
                    Integer.toString(taken.getLocalPort()));
            assertTrue(r.exit() != 0, r.out());
            assertTrue(r.err().contains("origin port " + taken.getLocalPort() + " is in use"), r.err());
        }
    }

    @Test
    void nginxAsALocalTargetGetsAVerdictPerCase() throws Exception {
        String unavailable = LocalIntermediary.unavailableReason(LocalIntermediary.spec("nginx-proxy"));
        Assumptions.assumeTrue(unavailable == null, unavailable);
        CommandRun r = CommandRun.of("conform-proxy", "--target", "local:nginx-proxy");
        assertEquals(1, r.exit(), r.out() + r.err()); // nginx forwards whitespace around values as it came
        assertTrue(r.out().contains("0 inconclusive"), r.out() + r.err());
        assertTrue(r.out().contains("proxy/8.2.1/value-trailing-space"), r.out());
    }
}
