package io.h2scope.conformance.proxy;

import io.h2scope.conformance.targets.launch.RunningTarget;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.conformance.targets.launch.TargetStartException;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.transport.tls.SslContexts;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.File;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * curl and nghttp through the recording proxy to real servers run as local processes (docker-targets/ configs),
 * h2c and TLS: each exchange succeeds through the proxy, and the two recorded legs hold the same frames each way
 * (the bytes passed unchanged), with the server's SETTINGS and the client's request among them.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProxyToRealServersTest {

    private final List<TraceEvent> events = new CopyOnWriteArrayList<>();
    private final List<String> notices = new CopyOnWriteArrayList<>();

    @ParameterizedTest(name = "{0} tls={1} via {2}")
    @CsvSource({"nginx,false,curl", "nginx,true,curl", "nginx,true,nghttp", "h2o,false,nghttp", "h2o,true,curl",
            "apache2,true,curl", "nghttpd,false,curl", "nghttpd,true,nghttp"})
    void throughTheProxyBothLegsHoldTheSameFrames(String server, boolean tls, String client) throws Exception {
        assumeTrue(new File("/usr/bin/" + client).canExecute(), client + " is not installed (apt-get install "
                + (client.equals("curl") ? "curl" : "nghttp2-client") + ")");
        RunningTarget running;
        try {
            running = TargetResolver.standard().start("local:" + server, tls, line -> { });
        } catch (TargetStartException e) {
            assumeTrue(e.kind() != TargetStartException.Kind.ENVIRONMENT, e.getMessage());
            throw e;
        }
        try (running) {
            Target target = running.target(tls);
            TraceSink sink = events::add;
            try (RecordingProxy proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                    new Upstream(target.host(), target.port(), tls), null, SslContexts.insecureClient(), false, null,
                    null, ProxyLimits.DEFAULTS, sink, notices::add))) {
                String url = "http://127.0.0.1:" + proxy.port() + "/";
                List<String> command = client.equals("curl")
                        ? List.of("curl", "-sS", "--http2-prior-knowledge", "-o", "/dev/null", "-w", "%{http_version}", url)
                        : List.of("nghttp", "-n", "-s", url);
                Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the client finished");
                assertEquals(0, p.exitValue(), server + ": " + out);
                awaitClosed(2);
            }
        }
        long clientLeg = only(Role.SERVER);
        long upstreamLeg = only(Role.CLIENT);
        List<String> request = frames(clientLeg, Direction.INBOUND);
        List<String> response = frames(upstreamLeg, Direction.INBOUND);
        assertFalse(request.isEmpty());
        assertTrue(response.get(0).startsWith("4/0/0/"), "the server's preface is a SETTINGS frame: " + response);
        assertEquals(request, frames(upstreamLeg, Direction.OUTBOUND), "what the client sent reached " + server);
        assertEquals(response, frames(clientLeg, Direction.OUTBOUND), "what " + server + " sent reached the client");
        assertTrue(response.stream().anyMatch(f -> f.startsWith("1/")), "a response HEADERS: " + response);
        assertEquals(List.of(), notices);
    }

    private void awaitClosed(int count) throws InterruptedException {
        Await.until(() -> events.stream().filter(ConnectionClosed.class::isInstance).count() >= count,
                () -> "both legs closed: " + events.stream().filter(ConnectionClosed.class::isInstance).toList());
    }

    private long only(Role role) {
        List<ConnectionOpened> of = events.stream().filter(e -> e instanceof ConnectionOpened o && o.role() == role)
                .map(ConnectionOpened.class::cast).toList();
        assertEquals(1, of.size(), of.toString());
        return of.get(0).connectionId();
    }

    private List<String> frames(long conn, Direction direction) {
        List<String> frames = new ArrayList<>();
        for (TraceEvent e : events) {
            if (e instanceof FrameEvent f && f.connectionId() == conn && f.direction() == direction) {
                frames.add(f.header().typeCode() + "/" + f.header().flags() + "/" + f.header().streamId() + "/"
                        + f.header().length() + "/" + Base64.getEncoder().encodeToString(FrameWriter.payloadOf(f.frame())));
            }
        }
        return frames;
    }
}
