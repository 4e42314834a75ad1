package io.h2scope.conformance.intermediary.legs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.trace.model.TraceSink;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Two cases running at once whose requests the intermediary sends on one origin connection: each case's origin leg
 * holds its own stream (h2) or its own messages (HTTP/1.1), told by marker, never the other's; an unmarked request
 * after a case's own (a desync's second half) is that case's.
 */
class SharedOriginConnectionLegsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void anH2ConnectionsStreamsGoEachToTheCaseWhoseMarkerTheyCarry() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                RunningCase a = new RunningCase(origin, "proxy/test/a");
                RunningCase b = new RunningCase(origin, "proxy/test/b");
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), origin.port())) {
            ScriptedPeer intermediary = ScriptedPeer.client(socket, TraceSink.NONE).patience(WAIT);
            intermediary.sendPreface();
            intermediary.send(SettingsFrame.of(List.of()));
            intermediary.send(HeadersFrame.of(1, intermediary.encode(get(a.marker.path())), true, true));
            intermediary.send(HeadersFrame.of(3, intermediary.encode(get(b.marker.path())), true, true));
            awaitEnded(intermediary, 1, 3);
            List<TraceEntry> legsOfA = a.finish();
            List<TraceEntry> legsOfB = b.finish();
            assertOnly(legsOfA, a.marker, b.marker);
            assertOnly(legsOfB, b.marker, a.marker);
            // the connection's opening exchange goes to one of them, with a stream of its own
            assertTrue(legsOfA.toString().contains("SETTINGS") || legsOfB.toString().contains("SETTINGS"));
        }
    }

    @Test
    void anHttp1ConnectionsMessagesGoEachToTheCaseWhoseMarkerTheyCarryAndAnUnmarkedOneToThePrevious() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H1, 0);
                RunningCase a = new RunningCase(origin, "proxy/test/a");
                RunningCase b = new RunningCase(origin, "proxy/test/b");
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), origin.port())) {
            socket.setSoTimeout((int) WAIT.toMillis());
            exchange(socket, a.marker.path());
            exchange(socket, b.marker.path());
            exchange(socket, "/smuggled");
            List<TraceEntry> legsOfA = a.finish();
            List<TraceEntry> legsOfB = b.finish();
            assertOnly(legsOfA, a.marker, b.marker);
            assertOnly(legsOfB, b.marker, a.marker);
            assertTrue(legsOfB.toString().contains("/smuggled"), legsOfB.toString());
            assertFalse(legsOfA.toString().contains("/smuggled"), legsOfA.toString());
        }
    }

    private static void assertOnly(List<TraceEntry> legs, Marker own, Marker other) {
        String text = legs.toString();
        assertTrue(text.contains("origin leg"), text);
        assertTrue(text.contains(own.value()), text);
        assertFalse(text.contains(other.value()), text);
    }

    private static List<HeaderField> get(String path) {
        return List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":path", path), new HeaderField(":authority", "localhost"));
    }

    /** Reads until each of {@code streams} has ended (the origin's whole answer sent, so recorded). */
    private static void awaitEnded(ScriptedPeer peer, int... streams) {
        Set<Integer> open = new HashSet<>();
        for (int s : streams) {
            open.add(s);
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!open.isEmpty() && System.nanoTime() - deadline < 0) {
            Incoming in = peer.next(Duration.ofMillis(200));
            if (in instanceof Incoming.FrameIn f && ended(f.frame())) {
                open.remove(f.frame().streamId());
            } else if (in instanceof Incoming.Closed) {
                break;
            }
        }
        assertTrue(open.isEmpty(), "streams never answered: " + open);
    }

    private static boolean ended(Frame frame) {
        return frame instanceof HeadersFrame h && h.endStream() || frame instanceof DataFrame d && d.endStream();
    }

    /** One GET of {@code path} on {@code socket}, read to the end of the origin's answer ("ok"). */
    private static void exchange(Socket socket, String path) throws Exception {
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nhost: localhost\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        StringBuilder got = new StringBuilder();
        while (!got.toString().endsWith("ok")) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("the origin closed: " + got);
            }
            got.append((char) b);
        }
    }

    /** A case running on a thread of its own, as the suite runner runs it: its legs begun, its marker expected. */
    private static final class RunningCase implements AutoCloseable {
        final Marker marker = Marker.fresh();
        private final CountDownLatch begun = new CountDownLatch(1);
        private final CountDownLatch done = new CountDownLatch(1);
        private final CountDownLatch recorded = new CountDownLatch(1);
        private final AtomicReference<List<TraceEntry>> entries = new AtomicReference<>();
        private final Thread thread;

        RunningCase(Origin origin, String id) throws InterruptedException {
            thread = new Thread(() -> {
                try (CaseLegs legs = origin.legs().begin(id)) {
                    origin.arrivals().expect(marker);
                    begun.countDown();
                    done.await();
                    entries.set(legs.entries());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    recorded.countDown();
                }
            }, id);
            thread.start();
            assertTrue(begun.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), id + " began");
        }

        /** Ends the case: its legs as recorded. */
        List<TraceEntry> finish() throws InterruptedException {
            done.countDown();
            assertTrue(recorded.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "recorded");
            return entries.get();
        }

        @Override
        public void close() {
            done.countDown();
        }
    }
}
