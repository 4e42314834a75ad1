package io.h2scope.engine.proxy;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.transport.tls.SslContexts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Decoding for the recording runs beside the relay: a recording that cannot keep up gets a counted gap, never a slower relay. */
@Timeout(60)
class ObserverBacklogTest {

    private static final int BACKLOG = 64 * 1024;
    private static final int FRAMES = 256; // 4 MiB of extension frames (type 0xfa, ignored by receivers, RFC 9113 §5.5)

    private final EventLog recording = new EventLog();
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

    @Test
    void aStalledRecordingDoesNotHoldTheBytesAndItsGapIsCounted() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        // a sink that takes no frame until the bytes have all passed: the observer cannot keep up at all
        TraceSink stalled = new TraceSink() {
            @Override
            public void onEvent(TraceEvent event) {
                if (event instanceof FrameEvent) {
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                recording.onEvent(event);
            }
        };
        start(stalled, ProxyLimits.builder().observerBacklogBytes(BACKLOG).build());
        byte[] sent = clientBytes();
        byte[] received;
        try (Socket c = new Socket("127.0.0.1", proxy.port()); Socket u = accepted(c, sent)) {
            received = new byte[sent.length];
            new DataInputStream(u.getInputStream()).readFully(received); // while the sink still holds its first frame
            release.countDown();
        }
        assertArrayEquals(sent, received, "every byte passed, unchanged, while the recording was stalled");
        recording.awaitClosed(2);
        long clientLeg = recording.only(Role.SERVER);
        ConnectionClosed closed = recording.closed(clientLeg);
        Matcher gap = Pattern.compile("fell more than " + BACKLOG + " octets behind the relay after (\\d+) octets, so"
                + " the last (\\d+) octets were relayed but not decoded").matcher(closed.debug());
        assertTrue(gap.find(), closed.debug());
        long decoded = Long.parseLong(gap.group(1));
        long undecoded = Long.parseLong(gap.group(2));
        assertEquals(sent.length, decoded + undecoded, "the gap and what came before it add up to what the client sent");
        assertTrue(decoded <= BACKLOG + 16_393 && undecoded > 0, closed.debug());
        assertTrue(recording.frames(clientLeg, Direction.INBOUND).size() < FRAMES, "the recording stops at the gap");
    }

    @Test
    void withinTheBacklogTheRecordingIsWholeFromTheDecoderThreads() throws Exception {
        start(recording, ProxyLimits.builder().observerBacklogBytes(16 << 20).build()); // more than all that is sent
        byte[] sent = clientBytes();
        try (Socket c = new Socket("127.0.0.1", proxy.port()); Socket u = accepted(c, sent)) {
            new DataInputStream(u.getInputStream()).readFully(new byte[sent.length]);
        }
        recording.awaitClosed(2);
        long clientLeg = recording.only(Role.SERVER);
        assertFalse(recording.closed(clientLeg).debug().contains("gap"), recording.closed(clientLeg).debug());
        assertEquals(FRAMES + 1, recording.frames(clientLeg, Direction.INBOUND).size(), "SETTINGS and every frame");
    }

    private void start(TraceSink sink, ProxyLimits limits) throws Exception {
        upstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                new Upstream("127.0.0.1", upstream.getLocalPort(), false), null, SslContexts.insecureClient(), false,
                null, null, limits, sink, line -> { }));
    }

    /** Sends {@code sent} from the client in the background; returns the upstream's socket. */
    private Socket accepted(Socket c, byte[] sent) throws IOException {
        Thread writer = new Thread(() -> {
            try {
                c.getOutputStream().write(sent);
                c.shutdownOutput();
            } catch (IOException ignored) {
                // the reading side fails the test
            }
        });
        writer.start();
        Socket u = upstream.accept();
        u.setSoTimeout(10_000);
        return u;
    }

    private static byte[] clientBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(Preface.bytes());
        out.writeBytes(FrameWriter.encode(SettingsFrame.of()));
        byte[] frame = new byte[9 + 16_384];
        frame[1] = 0x40;
        frame[3] = (byte) 0xfa;
        for (int i = 9; i < frame.length; i++) {
            frame[i] = (byte) (i * 31);
        }
        for (int i = 0; i < FRAMES; i++) {
            out.writeBytes(frame);
        }
        return out.toByteArray();
    }
}
