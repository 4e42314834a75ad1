package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Frames the server sends unasked (PING, SETTINGS, GOAWAY) are read and answered whatever the connection's
 * input state: while a blocking caller reads its own response, while the input is lent and nobody waits,
 * and while the loop reads. A raw HTTP/2 server answers each GET with a bare 200 and, from another thread,
 * sends PINGs and SETTINGS at random moments while the client sends sequential blocking GETs with random
 * pauses; every PING and SETTINGS must be acknowledged, and a GOAWAY must make the client close. The round
 * trips are printed for a look (about a millisecond on a quiet machine), not asserted: a loaded machine
 * delays single ones for its own reasons.
 */
@Timeout(120)
class UnsolicitedFramesTest {

    /** Round trips not printed: the first ones load classes and compile the paths. */
    private static final int WARM_UP = 20;
    /** Longer than any stall of a loaded machine: a frame not answered by then was never read. */
    private static final long ANSWER_SECONDS = 30;
    private static final int PING = 6;
    private static final int SETTINGS = 4;
    private static final int HEADERS = 1;
    private static final int ACK = 1;

    @Test
    void pingsSettingsAndGoAwaySentAtRandomMomentsAreAllAnswered() throws Exception {
        Random random = new Random(18);
        List<Long> latencies = new ArrayList<>();
        List<Long> goAways = new ArrayList<>();
        for (int connection = 0; connection < 3; connection++) {
            run(random, connection == 0 ? WARM_UP : 0, latencies, goAways);
        }
        Collections.sort(latencies);
        assertEquals(90, latencies.size(), "PING and SETTINGS round trips answered");
        assertEquals(3, goAways.size(), "connections closed by the client after GOAWAY");
        System.out.printf("unsolicited frames: PING/SETTINGS round trips median %d us, 90th percentile %d us, "
                + "slowest %d us; closed after GOAWAY in %s us%n", latencies.get(45), latencies.get(81),
                latencies.get(89), goAways);
    }

    private static void run(Random random, int warmUp, List<Long> latencies, List<Long> goAways) throws Exception {
        try (ServerSocket listener = new ServerSocket(0);
             H2Client client = H2Client.newBuilder().pingInterval(Duration.ZERO).build()) {
            RawServer server = new RawServer(listener);
            server.start();
            String url = "http://127.0.0.1:" + listener.getLocalPort() + "/";
            CountDownLatch stop = new CountDownLatch(1);
            Thread requests = new Thread(() -> {
                try {
                    while (stop.getCount() > 0) {
                        assertEquals(200, client.get(url).status());
                        TimeUnit.MICROSECONDS.sleep(random.nextInt(8000)); // idle: the input lent, nobody waiting
                    }
                } catch (IOException | InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            requests.start();
            for (int i = 0; i < warmUp + 30; i++) {
                TimeUnit.MICROSECONDS.sleep(500 + random.nextInt(4000));
                long micros = i % 3 == 2 ? server.settingsRoundTrip() : server.pingRoundTrip(i);
                if (i >= warmUp) {
                    latencies.add(micros);
                }
            }
            // a starved request thread may have sent few so far: the scenario needs requests beside the frames
            Await.until(() -> server.requests > 5, () -> "requests in between: " + server.requests);
            stop.countDown();
            requests.join(TimeUnit.SECONDS.toMillis(ANSWER_SECONDS));
            TimeUnit.MICROSECONDS.sleep(random.nextInt(3000)); // the input lent again, nobody waiting
            goAways.add(server.goAwayUntilClosed());
        }
    }

    /** A bare HTTP/2 server on one connection: 200 to every request, PING and SETTINGS on demand, timed. */
    private static final class RawServer extends Thread {
        private final ServerSocket listener;
        private final Map<Long, CountDownLatch> pingAcks = new ConcurrentHashMap<>();
        private volatile CountDownLatch settingsAck;
        private final CountDownLatch closed = new CountDownLatch(1);
        private final CountDownLatch connected = new CountDownLatch(1);
        private volatile Socket socket;
        private volatile int lastStream;
        volatile int requests;

        RawServer(ServerSocket listener) {
            this.listener = listener;
            setDaemon(true);
        }

        @Override
        public void run() {
            try (Socket s = listener.accept()) {
                s.setTcpNoDelay(true);
                socket = s;
                DataInputStream in = new DataInputStream(s.getInputStream());
                in.readNBytes(24); // the client preface
                frame(SETTINGS, 0, 0, new byte[0]);
                boolean settingsAcked = false;
                connected.countDown();
                while (true) {
                    int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
                    int type = in.readUnsignedByte();
                    int flags = in.readUnsignedByte();
                    int stream = in.readInt() & 0x7fffffff;
                    byte[] payload = in.readNBytes(length);
                    if (type == SETTINGS && (flags & ACK) == 0) {
                        frame(SETTINGS, ACK, 0, new byte[0]);
                    } else if (type == SETTINGS) {
                        if (settingsAcked) {
                            settingsAck.countDown();
                        }
                        settingsAcked = true; // the first ACK is for the preface's SETTINGS
                    } else if (type == HEADERS) {
                        lastStream = stream;
                        requests++;
                        frame(HEADERS, 0x5, stream, new byte[] {(byte) 0x88}); // :status 200, END_STREAM|END_HEADERS
                    } else if (type == PING && (flags & ACK) != 0) {
                        CountDownLatch l = pingAcks.remove(ByteBuffer.wrap(payload).getLong());
                        if (l != null) {
                            l.countDown();
                        }
                    }
                }
            } catch (EOFException e) {
                closed.countDown();
            } catch (IOException e) {
                closed.countDown();
            }
        }

        long pingRoundTrip(long n) throws Exception {
            awaitConnected();
            CountDownLatch acked = new CountDownLatch(1);
            pingAcks.put(n, acked);
            long sent = System.nanoTime();
            frame(PING, 0, 0, ByteBuffer.allocate(8).putLong(n).array());
            assertTrue(acked.await(ANSWER_SECONDS, TimeUnit.SECONDS), "no PING ACK");
            return TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent);
        }

        long settingsRoundTrip() throws Exception {
            awaitConnected();
            settingsAck = new CountDownLatch(1);
            long sent = System.nanoTime();
            frame(SETTINGS, 0, 0, new byte[] {0, 3, 0, 0, 0, 100}); // MAX_CONCURRENT_STREAMS 100
            assertTrue(settingsAck.await(ANSWER_SECONDS, TimeUnit.SECONDS), "no SETTINGS ACK");
            return TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent);
        }

        long goAwayUntilClosed() throws Exception {
            long sent = System.nanoTime();
            frame(7, 0, 0, ByteBuffer.allocate(8).putInt(lastStream).putInt(0).array()); // GOAWAY NO_ERROR
            assertTrue(closed.await(ANSWER_SECONDS, TimeUnit.SECONDS), "the client did not close after GOAWAY");
            return TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent);
        }

        private void awaitConnected() throws InterruptedException {
            assertTrue(connected.await(ANSWER_SECONDS, TimeUnit.SECONDS), "the client did not connect");
        }

        private synchronized void frame(int type, int flags, int stream, byte[] payload) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(9 + payload.length);
            b.put((byte) (payload.length >>> 16)).put((byte) (payload.length >>> 8)).put((byte) payload.length);
            b.put((byte) type).put((byte) flags).putInt(stream).put(payload);
            OutputStream out = socket.getOutputStream();
            out.write(b.array());
            out.flush();
        }
    }
}
