package io.h2scope.engine.interop;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.proxy.EventLog;
import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;


import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real clients (curl, nghttp) through the recording proxy to the engine's server, h2c and TLS on either side:
 * each exchange must succeed, and the recorded pair must hold exactly the frames the server's own trace says it
 * received and sent, on both legs (the bytes passed unchanged).
 */
@Timeout(120)
class ProxyInteropTest {

    private static final Duration PEER_TIMEOUT = Duration.ofSeconds(60);

    private final EventLog serverTrace = new EventLog();
    private final EventLog recording = new EventLog();
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> open = new ArrayList<>();
    private H2Server server;
    private RecordingProxy proxy;

    @TempDir
    Path tmp;

    @AfterEach
    void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private void startServer(boolean tls) throws Exception {
        ReferenceServer.Options options = tls ? ReferenceServer.Options.tlsSelfSigned() : ReferenceServer.Options.h2c();
        server = ReferenceServer.configure(options).traceSink(serverTrace).start();
    }

    private void startProxy(boolean upstreamTls, SSLContext listenTls) throws Exception {
        Upstream upstream = new Upstream("127.0.0.1", server.port(), upstreamTls);
        proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0), upstream, listenTls,
                SslContexts.insecureClient(), false, null, null, ProxyLimits.DEFAULTS, recording, notices::add));
    }

    @Test
    void curlH2cToH2c() throws Exception {
        startServer(false);
        startProxy(false, null);
        Path got = tmp.resolve("got");
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2-prior-knowledge", "-o", got.toString(),
                "-w", "%{http_version} %{http_code}", "http://127.0.0.1:" + proxy.port() + "/bytes/300000"), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertEquals("2 200", r.out());
        assertEquals(Peers.sha256(Peers.pattern(300_000)), Peers.sha256(Files.readAllBytes(got)));
        assertRecordedPairEqualsServerTrace("h2c", "h2c");
    }

    @Test
    void nghttpH2cToTlsUpstream() throws Exception {
        startServer(true);
        startProxy(true, null);
        Peers.Result r = Peers.run(List.of(Peers.require("nghttp"), "-nv", "http://127.0.0.1:" + proxy.port() + "/"),
                PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().contains(":status: 200"), r.describe());
        assertRecordedPairEqualsServerTrace("h2c", "tls");
    }

    @Test
    void curlTlsToTlsUpstream() throws Exception {
        startServer(true);
        startProxy(true, SslContexts.server(SelfSignedCertificate.generate("localhost")));
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2", "-k",
                "-w", "\n%{http_version} %{http_code}", "https://localhost:" + proxy.port() + "/"), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertEquals(ReferenceHandler.ROOT_BODY + "\n2 200", r.out());
        assertRecordedPairEqualsServerTrace("tls", "tls");
        ConnectionOpened clientLeg = recording.opened().stream().filter(o -> o.role() == Role.SERVER).findFirst().orElseThrow();
        assertEquals("h2", clientLeg.alpn());
        assertEquals("localhost", clientLeg.sni());
    }

    /** Counts frames per connection and direction: enough for 100,000 requests without keeping their events. */
    private static final class FrameCounts implements io.h2scope.engine.trace.model.TraceSink {
        final java.util.Map<String, java.util.concurrent.atomic.AtomicLong> counts = new java.util.concurrent.ConcurrentHashMap<>();
        final java.util.Map<Long, Long> pairs = new java.util.concurrent.ConcurrentHashMap<>();
        final java.util.concurrent.atomic.AtomicLong closed = new java.util.concurrent.atomic.AtomicLong();

        @Override
        public void onEvent(io.h2scope.engine.trace.model.TraceEvent event) {
            if (event instanceof io.h2scope.engine.trace.model.FrameEvent f) {
                counts.computeIfAbsent(f.connectionId() + "/" + f.direction(), k -> new java.util.concurrent.atomic.AtomicLong())
                        .incrementAndGet();
            } else if (event instanceof ConnectionOpened o && o.role() == Role.SERVER) {
                pairs.put(o.connectionId(), o.pair());
            } else if (event instanceof io.h2scope.engine.trace.model.ConnectionClosed) {
                closed.incrementAndGet();
            }
        }

        long count(long conn, Direction direction) {
            java.util.concurrent.atomic.AtomicLong n = counts.get(conn + "/" + direction);
            return n == null ? 0 : n.get();
        }

        long total(Direction direction) {
            return counts.entrySet().stream().filter(e -> e.getKey().endsWith("/" + direction))
                    .mapToLong(e -> e.getValue().get()).sum();
        }
    }

    /** h2load, 100,000 requests on 10 connections of 10 streams each, all recorded; every frame on both legs. */
    @Test
    void h2loadHundredThousandRequests() throws Exception {
        FrameCounts serverFrames = new FrameCounts();
        server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(serverFrames).start();
        FrameCounts proxied = new FrameCounts();
        proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                new Upstream("127.0.0.1", server.port(), false), null, SslContexts.insecureClient(), false, null, null,
                ProxyLimits.DEFAULTS, proxied, notices::add));
        Peers.Result r = Peers.run(List.of(Peers.require("h2load"), "-n", "100000", "-c", "10", "-m", "10",
                "http://127.0.0.1:" + proxy.port() + "/"), Duration.ofSeconds(110));
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().contains("100000 total, 100000 started, 100000 done, 100000 succeeded"), r.describe());
        Await.until(() -> proxied.closed.get() >= 20 && serverFrames.closed.get() >= 10, () -> "closed: "
                + proxied.closed.get() + " proxy legs, " + serverFrames.closed.get() + " server connections");
        assertEquals(10, proxied.pairs.size());
        for (var pair : proxied.pairs.entrySet()) {
            long clientLeg = pair.getKey();
            long upstreamLeg = pair.getValue();
            assertEquals(proxied.count(clientLeg, Direction.INBOUND), proxied.count(upstreamLeg, Direction.OUTBOUND));
            assertEquals(proxied.count(upstreamLeg, Direction.INBOUND), proxied.count(clientLeg, Direction.OUTBOUND));
        }
        long fromClients = proxied.pairs.keySet().stream().mapToLong(c -> proxied.count(c, Direction.INBOUND)).sum();
        long fromServer = proxied.pairs.values().stream().mapToLong(u -> proxied.count(u, Direction.INBOUND)).sum();
        assertTrue(fromClients > 100_000, "a HEADERS per request at least: " + fromClients);
        assertEquals(serverFrames.total(Direction.INBOUND), fromClients, "the server received what the clients sent");
        assertEquals(serverFrames.total(Direction.OUTBOUND), fromServer, "the clients were sent what the server sent");
        assertEquals(List.of(), notices);
    }

    private CertificateAuthority startForwardProxy() throws Exception {
        CertificateAuthority ca = CertificateAuthority.loadOrCreate(tmp.resolve("ca"));
        proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0), null, null,
                SslContexts.insecureClient(), false, ca, null, ProxyLimits.DEFAULTS, recording, notices::add));
        return ca;
    }

    @Test
    void curlThroughConnectWithInterception() throws Exception {
        startServer(true);
        CertificateAuthority ca = startForwardProxy();
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2", "--cacert",
                ca.certificateFile().toString(), "-x", "http://127.0.0.1:" + proxy.port(),
                "-w", "\n%{http_version} %{http_code}", "https://localhost:" + server.port() + "/"), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertEquals(ReferenceHandler.ROOT_BODY + "\n2 200", r.out());
        assertRecordedPairEqualsServerTrace("tls", "tls");
        assertEquals("localhost", recording.opened().stream().filter(o -> o.role() == Role.SERVER).findFirst()
                .orElseThrow().sni(), "the certificate was made for the name the client asked for");
    }

    @Test
    void curlThroughConnectWithH2cInside() throws Exception {
        startServer(false);
        startForwardProxy();
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2-prior-knowledge", "-p",
                "-x", "http://127.0.0.1:" + proxy.port(), "-w", "\n%{http_version} %{http_code}",
                "http://127.0.0.1:" + server.port() + "/"), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertEquals(ReferenceHandler.ROOT_BODY + "\n2 200", r.out());
        assertRecordedPairEqualsServerTrace("h2c", "h2c");
    }

    /** java.net.http.HttpClient sends CONNECT for an https URL through a proxy, then TLS with ALPN h2. */
    @Test
    void jdkHttpClientWithAProxySelector() throws Exception {
        startServer(true);
        CertificateAuthority ca = startForwardProxy();
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .proxy(ProxySelector.of(new InetSocketAddress("127.0.0.1", proxy.port())))
                .sslContext(SslContexts.clientTrusting(List.of(ca.certificate()))).build();
        HttpResponse<String> response;
        try {
            response = client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + server.port() + "/"))
                    .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new AssertionError("notices " + notices + ", recorded " + recording.events().stream().filter(ev -> !(ev instanceof io.h2scope.engine.trace.model.WindowChanged)).map(ev -> io.h2scope.engine.trace.text.TraceText.line(ev, io.h2scope.engine.trace.text.Redaction.DEFAULT, false)).toList(), e);
        }
        assertEquals(200, response.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, response.version());
        assertEquals(ReferenceHandler.ROOT_BODY, response.body());
        // Java 17's HttpClient keeps its connection: compare what has passed so far, once it has settled
        assertRecordedPairEqualsServerTrace("tls", "tls", false);
    }

    /**
     * curl --http2 on http:// asks for Upgrade: h2c: the proxy relays the HTTP/1.1 start and records the upgrade. The
     * body stays under 32 KiB: Debian's curl 7.88 fails (exit 16, "connection buffer size is too small to store data
     * following HTTP Upgrade response header") when more than its 32 KiB buffer arrives with the 101 in one read,
     * which is up to TCP whenever the server answers at once; the engine's client below takes a large body.
     */
    @Test
    void curlUpgradingToH2c() throws Exception {
        startServer(false);
        startProxy(false, null);
        Path got = tmp.resolve("got");
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2", "-o", got.toString(),
                "-w", "%{http_version} %{http_code}", "http://127.0.0.1:" + proxy.port() + "/bytes/20000"), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertEquals("2 200", r.out());
        assertEquals(Peers.sha256(Peers.pattern(20_000)), Peers.sha256(Files.readAllBytes(got)));
        assertRecordedPairEqualsServerTrace("h2c", "h2c");
        assertUpgradeRecordedAsTheServerSawIt();
    }

    @Test
    void theEnginesClientUpgradingToH2c() throws Exception {
        startServer(false);
        startProxy(false, null);
        try (H2Client client = H2Client.newBuilder().h2cUpgrade(true).requestTimeout(Duration.ofSeconds(20)).build()) {
            String base = "http://127.0.0.1:" + proxy.port() + "/";
            assertEquals(200, client.send(H2Request.newBuilder(base + "bytes/100000").build(),
                    HttpResponse.BodyHandlers.ofByteArray()).status());
            assertEquals(200, client.send(H2Request.newBuilder(base).build(), HttpResponse.BodyHandlers.ofString())
                    .status(), "the next request goes over the upgraded connection");
        }
        assertRecordedPairEqualsServerTrace("h2c", "h2c");
        assertUpgradeRecordedAsTheServerSawIt();
    }

    /**
     * Stream 1 came from the HTTP/1.1 request (RFC 7540 §3.2), in the recording of both legs as in the server's own
     * trace, with no rule broken, and the client leg's state rebuilt at the end equals the server's.
     */
    private void assertUpgradeRecordedAsTheServerSawIt() {
        long serverConn = serverTrace.only(Role.SERVER);
        long clientLeg = recording.only(Role.SERVER);
        long upstreamLeg = recording.only(Role.CLIENT);
        for (long leg : List.of(clientLeg, upstreamLeg)) {
            assertTrue(recording.events().stream().anyMatch(e -> e.connectionId() == leg && e instanceof StreamStateChanged s
                    && s.streamId() == 1 && s.from() == StreamState.IDLE), "leg " + leg + " opened stream 1 by the upgrade");
            assertTrue(recording.events().stream().noneMatch(e -> e.connectionId() == leg && e instanceof ViolationReceived),
                    () -> "no rule broken on leg " + leg + ": " + recording.events().stream()
                            .filter(e -> e instanceof ViolationReceived).toList());
        }
        assertEquals(ConnectionModel.of(serverConn, serverTrace.events()).snapshot(),
                ConnectionModel.of(clientLeg, recording.events()).snapshot(), "the state the client leg's recording gives");
    }

    /** Both legs recorded, linked to each other, and each equal to the server's own view of the same bytes. */
    private void assertRecordedPairEqualsServerTrace(String clientTransport, String upstreamTransport) throws Exception {
        assertRecordedPairEqualsServerTrace(clientTransport, upstreamTransport, true);
    }

    private void assertRecordedPairEqualsServerTrace(String clientTransport, String upstreamTransport, boolean closed)
            throws Exception {
        if (closed) {
            recording.awaitClosed(2);
            serverTrace.awaitClosed(1);
        } else { // the connection stays open: wait until what has passed so far is recorded on both legs
            Await.until(() -> {
                try {
                    assertLegsCarryWhatTheServerSaw();
                    return true;
                } catch (AssertionError notYet) {
                    return false;
                }
            }, "the proxy's legs carry the frames the server saw");
        }
        long clientLeg = recording.only(Role.SERVER);
        long upstreamLeg = recording.only(Role.CLIENT);
        ConnectionOpened c = recording.opened().stream().filter(o -> o.connectionId() == clientLeg).findFirst().orElseThrow();
        ConnectionOpened u = recording.opened().stream().filter(o -> o.connectionId() == upstreamLeg).findFirst().orElseThrow();
        assertEquals(upstreamLeg, c.pair(), "the client leg names its upstream leg");
        assertEquals(clientLeg, u.pair(), "the upstream leg names its client leg");
        assertEquals(clientTransport, c.transport());
        assertEquals(upstreamTransport, u.transport());
        assertEquals("127.0.0.1:" + server.port(), u.remote());
        assertNotNull(c.clock(), "the client leg says when it opened");
        assertNotNull(u.clock(), "the upstream leg says when it opened");
        assertLegsCarryWhatTheServerSaw();
        assertEquals(List.of(), notices, "no connection was refused");
    }

    private void assertLegsCarryWhatTheServerSaw() {
        long clientLeg = recording.only(Role.SERVER);
        long upstreamLeg = recording.only(Role.CLIENT);
        long serverConn = serverTrace.only(Role.SERVER);
        List<String> serverReceived = serverTrace.frames(serverConn, Direction.INBOUND);
        List<String> serverSent = serverTrace.frames(serverConn, Direction.OUTBOUND);
        assertFalse(serverReceived.isEmpty());
        assertFalse(serverSent.isEmpty());
        assertEquals(serverReceived, recording.frames(clientLeg, Direction.INBOUND), "what the client sent the proxy");
        assertEquals(serverReceived, recording.frames(upstreamLeg, Direction.OUTBOUND), "what the proxy sent upstream");
        assertEquals(serverSent, recording.frames(upstreamLeg, Direction.INBOUND), "what the upstream sent the proxy");
        assertEquals(serverSent, recording.frames(clientLeg, Direction.OUTBOUND), "what the proxy sent the client");
    }
}
