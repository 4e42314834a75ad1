package io.h2scope.engine.proxy;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.SslContexts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The relay with raw sockets on both sides (a test in the role of the client and of the upstream): closes and
 * resets mirrored, back-pressure, and each kind of input the proxy cannot relay refused with its reason while
 * other connections go on.
 */
@Timeout(60)
class RecordingProxyTest {

    private static final byte[] PREFACE = Preface.bytes();
    private static final byte[] SETTINGS = FrameWriter.encode(SettingsFrame.of());

    private final EventLog recording = new EventLog();
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private RecordingProxy proxy;
    private ServerSocket upstream;

    @AfterEach
    void stop() throws IOException {
        if (proxy != null) {
            proxy.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    private void start(int upstreamPort, TraceSink sink, ProxyLimits limits) throws Exception {
        proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                new Upstream("127.0.0.1", upstreamPort, false), null, SslContexts.insecureClient(), false, null, null,
                limits, sink, notices::add));
    }

    private int listenUpstream() throws IOException {
        upstream = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        return upstream.getLocalPort();
    }

    private Socket client() throws IOException {
        Socket s = new Socket("127.0.0.1", proxy.port());
        s.setSoTimeout(10_000);
        return s;
    }

    private static byte[] readExactly(InputStream in, int n) throws IOException {
        byte[] b = new byte[n];
        new DataInputStream(in).readFully(b);
        return b;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @Test
    void clientResetIsMirroredAsResetUpstream() throws Exception {
        start(listenUpstream(), recording, ProxyLimits.DEFAULTS);
        Socket c = client();
        c.getOutputStream().write(concat(PREFACE, SETTINGS));
        Socket u = upstream.accept();
        u.setSoTimeout(10_000);
        assertArrayEquals(concat(PREFACE, SETTINGS), readExactly(u.getInputStream(), PREFACE.length + SETTINGS.length));
        c.setSoLinger(true, 0);
        c.close(); // RST
        SocketException reset = assertThrows(SocketException.class, () -> u.getInputStream().read());
        assertTrue(reset.getMessage().contains("reset"), reset.getMessage());
        recording.awaitClosed(2);
        long clientLeg = recording.only(Role.SERVER);
        long upstreamLeg = recording.only(Role.CLIENT);
        assertTrue(recording.closed(clientLeg).debug().startsWith("the client's connection failed"),
                recording.closed(clientLeg).debug());
        assertTrue(recording.closed(upstreamLeg).debug().startsWith("reset by the proxy"),
                recording.closed(upstreamLeg).debug());
        u.close();
    }

    @Test
    void upstreamResetMidStreamIsMirroredAsResetToTheClient() throws Exception {
        start(listenUpstream(), recording, ProxyLimits.DEFAULTS);
        Socket c = client();
        c.getOutputStream().write(PREFACE);
        Socket u = upstream.accept();
        u.setSoTimeout(10_000);
        readExactly(u.getInputStream(), PREFACE.length);
        u.getOutputStream().write(SETTINGS);
        assertArrayEquals(SETTINGS, readExactly(c.getInputStream(), SETTINGS.length));
        u.setSoLinger(true, 0);
        u.close(); // RST from the upstream
        SocketException reset = assertThrows(SocketException.class, () -> c.getInputStream().read());
        assertTrue(reset.getMessage().contains("reset"), reset.getMessage());
        recording.awaitClosed(2);
        assertTrue(recording.closed(recording.only(Role.SERVER)).debug().startsWith("reset by the proxy: the upstream's"),
                recording.closed(recording.only(Role.SERVER)).debug());
        c.close();
    }

    /** A frame that breaks a rule (WINDOW_UPDATE increment 0, RFC 9113 §6.9) is relayed as sent and recorded as broken. */
    @Test
    void anInvalidFrameIsRelayedAndItsViolationRecorded() throws Exception {
        start(listenUpstream(), recording, ProxyLimits.DEFAULTS);
        byte[] zeroIncrement = {0, 0, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        Socket c = client();
        c.getOutputStream().write(concat(PREFACE, SETTINGS, zeroIncrement));
        try (Socket u = upstream.accept()) {
            u.setSoTimeout(10_000);
            assertArrayEquals(concat(PREFACE, SETTINGS, zeroIncrement),
                    readExactly(u.getInputStream(), PREFACE.length + SETTINGS.length + zeroIncrement.length));
        }
        c.close();
        recording.awaitClosed(2);
        List<io.h2scope.engine.trace.model.ViolationReceived> violations = recording.events().stream()
                .filter(io.h2scope.engine.trace.model.ViolationReceived.class::isInstance)
                .map(io.h2scope.engine.trace.model.ViolationReceived.class::cast).toList();
        assertEquals(2, violations.size(), "one per leg: " + violations);
        assertTrue(violations.get(0).toString().contains("6.9"), violations.toString());
    }

    @Test
    void upstreamFinIsMirroredAsHalfCloseAndTheOtherDirectionGoesOn() throws Exception {
        start(listenUpstream(), recording, ProxyLimits.DEFAULTS);
        Socket c = client();
        c.getOutputStream().write(PREFACE);
        Socket u = upstream.accept();
        u.setSoTimeout(10_000);
        readExactly(u.getInputStream(), PREFACE.length);
        u.getOutputStream().write(SETTINGS);
        u.shutdownOutput(); // FIN
        InputStream fromProxy = c.getInputStream();
        assertArrayEquals(SETTINGS, readExactly(fromProxy, SETTINGS.length));
        assertEquals(-1, fromProxy.read(), "the upstream's FIN reaches the client");
        byte[] ping = FrameWriter.encode(PingFrame.of(42));
        c.getOutputStream().write(ping);
        assertArrayEquals(ping, readExactly(u.getInputStream(), ping.length), "the client still writes upstream");
        c.shutdownOutput();
        assertEquals(-1, u.getInputStream().read(), "and its FIN follows");
        recording.awaitClosed(2);
        c.close();
        u.close();
    }

    @Test
    void unreachableUpstreamIsToldWithGoAwayAndTheCause() throws Exception {
        int nobody;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            nobody = s.getLocalPort();
        }
        start(nobody, recording, ProxyLimits.DEFAULTS);
        try (Socket c = client()) {
            c.getOutputStream().write(concat(PREFACE, SETTINGS));
            byte[] answer = c.getInputStream().readAllBytes();
            assertArrayEquals(SETTINGS, Arrays.copyOf(answer, SETTINGS.length), "a server preface first");
            String goAway = new String(answer, SETTINGS.length + 17, answer.length - SETTINGS.length - 17,
                    StandardCharsets.UTF_8);
            assertEquals(7, answer[SETTINGS.length + 3], "then GOAWAY");
            assertEquals(ErrorCode.INTERNAL_ERROR.code(), answer[SETTINGS.length + 16]);
            assertTrue(goAway.contains("cannot be reached"), goAway);
        }
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).contains("127.0.0.1:" + nobody + " cannot be reached"), notices.get(0));
        recording.awaitClosed(1);
        assertTrue(recording.closed(recording.only(Role.SERVER)).debug().startsWith("refused: the upstream"));
    }

    @Test
    void upstreamThatIsNotHttp2IsRefusedAndTheNextConnectionStillRelays() throws Exception {
        start(listenUpstream(), recording, ProxyLimits.DEFAULTS);
        CompletableFuture<Void> upstreamSide = CompletableFuture.runAsync(() -> {
            try (Socket first = upstream.accept()) {
                first.getOutputStream().write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                first.getInputStream().readAllBytes();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        try (Socket c = client()) {
            c.getOutputStream().write(PREFACE);
            String answer = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.contains("does not speak HTTP/2: its first bytes \"HTTP/1.1 400 Bad Request"), answer);
        }
        upstreamSide.get(10, TimeUnit.SECONDS);
        assertTrue(notices.get(0).contains("are not a SETTINGS frame (RFC 9113 §3.4)"), notices.toString());

        try (Socket c = client()) {
            c.getOutputStream().write(PREFACE);
            try (Socket u = upstream.accept()) {
                u.setSoTimeout(10_000);
                assertArrayEquals(PREFACE, readExactly(u.getInputStream(), PREFACE.length));
                u.getOutputStream().write(SETTINGS);
                assertArrayEquals(SETTINGS, readExactly(c.getInputStream(), SETTINGS.length));
            }
        }
        assertEquals(1, notices.size(), notices.toString());
    }

    @Test
    void anUnreachableConnectTargetGetsA502ThatSaysWhy() throws Exception {
        int nobody;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            nobody = s.getLocalPort();
        }
        proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0), null, null,
                SslContexts.insecureClient(), false, null, null, ProxyLimits.DEFAULTS, recording, notices::add));
        try (Socket c = client()) {
            c.getOutputStream().write(("CONNECT 127.0.0.1:" + nobody + " HTTP/1.1\r\nhost: 127.0.0.1:" + nobody
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            String answer = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 502 Bad Gateway\r\n"), answer);
            assertTrue(answer.contains("the CONNECT target 127.0.0.1:" + nobody + " cannot be reached"), answer);
        }
        assertEquals(1, notices.size(), notices.toString());
    }

    @Test
    void clientThatIsNotHttp2GetsA505ThatSaysWhy() throws Exception {
        start(listenUpstream(), recording, ProxyLimits.DEFAULTS);
        try (Socket c = client()) {
            c.getOutputStream().write("GET / HTTP/1.1\r\nhost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 505 "), answer);
            assertTrue(answer.contains("sent neither the HTTP/2 connection preface (RFC 9113 §3.4) nor an HTTP/1.1"
                    + " Upgrade: h2c request (RFC 7540 §3.2): its HTTP/1.1 request (GET /) does not ask for Upgrade: h2c"),
                    answer);
        }
        upstream.setSoTimeout(300);
        assertThrows(java.net.SocketTimeoutException.class, () -> upstream.accept(), "nothing was dialled");
        recording.awaitClosed(1);
        assertTrue(recording.closed().get(0).debug().startsWith("no HTTP/2: the client's HTTP/1.1 request (GET /) does"
                + " not ask for Upgrade: h2c"), "the recording says why: " + recording.closed());
    }

    /**
     * An upstream that does not read: the proxy stops reading the client instead of buffering (past the transport's
     * 8 MiB pending limit the connection would be closed), and every byte arrives once the upstream reads.
     */
    @Test
    void withNothingToRecordNoObserverDecodesAndTheBytesStillPass() throws Exception {
        java.util.Set<Thread> before = observerThreads();
        start(listenUpstream(), TraceSink.NONE, ProxyLimits.DEFAULTS);
        Socket c = client();
        Socket u = prefaceAndSettingsBothWays(c);
        java.util.Set<Thread> started = observerThreads();
        started.removeAll(before);
        assertEquals(java.util.Set.of(), started, "observer threads started with no sink");
        c.close();
        u.close();
    }

    /** The client's preface and SETTINGS relayed to the upstream, the upstream's SETTINGS back; the upstream socket. */
    private Socket prefaceAndSettingsBothWays(Socket c) throws IOException {
        c.getOutputStream().write(concat(PREFACE, SETTINGS));
        Socket u = upstream.accept();
        u.setSoTimeout(10_000);
        assertArrayEquals(concat(PREFACE, SETTINGS), readExactly(u.getInputStream(), PREFACE.length + SETTINGS.length));
        u.getOutputStream().write(SETTINGS);
        assertArrayEquals(SETTINGS, readExactly(c.getInputStream(), SETTINGS.length));
        return u;
    }

    private static java.util.Set<Thread> observerThreads() {
        return threadsNamed("h2scope-proxy-observer-");
    }

    private static java.util.Set<Thread> threadsNamed(String prefix) {
        java.util.Set<Thread> threads = new java.util.HashSet<>(Thread.getAllStackTraces().keySet());
        threads.removeIf(t -> !t.getName().startsWith(prefix));
        return threads;
    }

    /** {@code --loops N}: N threads relay, whatever the cores (one more than the default here), both ways. */
    @Test
    void theLoopsLimitIsHowManyThreadsRelay() throws Exception {
        int loops = Runtime.getRuntime().availableProcessors() + 1;
        java.util.Set<Thread> before = threadsNamed("h2scope-proxy-loop-");
        start(listenUpstream(), TraceSink.NONE, ProxyLimits.builder().loopThreads(loops).build());
        java.util.List<Socket> opened = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Socket c = client();
            opened.add(c);
            opened.add(prefaceAndSettingsBothWays(c));
        }
        java.util.Set<Thread> started = threadsNamed("h2scope-proxy-loop-");
        started.removeAll(before);
        assertEquals(loops, started.size(), "loop threads started: " + started);
        for (Socket s : opened) {
            s.close();
        }
    }

    @Test
    void backPressureHoldsTheClientWhileTheUpstreamDoesNotRead() throws Exception {
        start(listenUpstream(), TraceSink.NONE, ProxyLimits.DEFAULTS);
        int frames = 2048; // 32 MiB of extension frames (type 0xfa, ignored by HTTP/2 receivers, RFC 9113 §5.5)
        byte[] frame = new byte[9 + 16_384];
        frame[1] = 0x40;
        frame[3] = (byte) 0xfa;
        for (int i = 9; i < frame.length; i++) {
            frame[i] = (byte) (i * 31);
        }
        long total = PREFACE.length + (long) frames * frame.length;
        AtomicLong written = new AtomicLong();
        Socket c = client();
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try {
                OutputStream out = c.getOutputStream();
                out.write(PREFACE);
                written.addAndGet(PREFACE.length);
                for (int i = 0; i < frames; i++) {
                    out.write(frame);
                    written.addAndGet(frame.length);
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        Socket u = upstream.accept();
        Thread.sleep(1500);
        assertTrue(written.get() < total / 2, "the client is held back: " + written.get() + " of " + total + " written");
        MessageDigest expected = MessageDigest.getInstance("SHA-256");
        expected.update(PREFACE);
        for (int i = 0; i < frames; i++) {
            expected.update(frame);
        }
        MessageDigest got = MessageDigest.getInstance("SHA-256");
        byte[] buffer = new byte[65_536];
        long read = 0;
        InputStream in = u.getInputStream();
        while (read < total) {
            int n = in.read(buffer);
            assertTrue(n > 0, "the upstream got " + read + " of " + total);
            got.update(buffer, 0, n);
            read += n;
        }
        writer.get(10, TimeUnit.SECONDS);
        assertArrayEquals(expected.digest(), got.digest(), "every byte, unchanged");
        assertEquals(List.of(), notices);
        c.close();
        u.close();
    }
}
