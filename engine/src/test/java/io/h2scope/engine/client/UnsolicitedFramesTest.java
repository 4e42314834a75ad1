package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Frames the server sends unasked (PING, SETTINGS, GOAWAY) are read at once, whatever the connection's
 * input state: while a blocking caller reads its own response, while the input is lent and nobody waits,
 * and while the loop reads. A raw HTTP/2 server answers each GET with a bare 200 and, from another thread,
 * sends PINGs and SETTINGS at random moments while the client sends sequential blocking GETs with random
 * pauses; it times each PING ACK and SETTINGS ACK, then a GOAWAY until the client closes.
 */
@Timeout(60)
class UnsolicitedFramesTest {

    /** Round trips not counted: the first ones load classes and compile the paths (up to 300 ms here). */
    private static final int WARM_UP = 20;
    private static final int PING = 6;
    private static final int SETTINGS = 4;
    private static final int HEADERS = 1;
    private static final int ACK = 1;

    @Test
    void pingsSettingsAndGoAwaySentAtRandomMomentsAreReadWithinAMillisecond() throws Exception {
        Random random = new Random(18);
        List<Long> latencies = new ArrayList<>();
        List<Long> goAways = new ArrayList<>();
        for (int connection = 0; connection < 3; connection++) {
            run(random, connection == 0 ? WARM_UP : 0, latencies, goAways);
        }
        Collections.sort(latencies);
        Collections.sort(goAways);
        long median = latencies.get(latencies.size() / 2);
        long underAMillisecond = latencies.stream().filter(m -> m < 1000).count();
        // a PING that came while the input was lent and nobody waited used to wait for the caller's next request
        // or a 20 ms check; this machine is shared, so single round trips may be late: the bulk must not be
        assertTrue(median < 1000, "median PING/SETTINGS round trip " + median + " us: " + latencies);
        assertTrue(underAMillisecond >= latencies.size() * 8 / 10, "PING/SETTINGS round trips (us): " + latencies);
        assertTrue(goAways.get(1) < 5000, "the client closed this long (us) after GOAWAY: " + goAways);
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
            stop.countDown();
            requests.join(5000);
            assertTrue(server.requests > 5, "too few requests in between: " + server.requests);
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
            assertTrue(acked.await(5, TimeUnit.SECONDS), "no PING ACK");
            return TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent);
        }

        long settingsRoundTrip() throws Exception {
            awaitConnected();
            settingsAck = new CountDownLatch(1);
            long sent = System.nanoTime();
            frame(SETTINGS, 0, 0, new byte[] {0, 3, 0, 0, 0, 100}); // MAX_CONCURRENT_STREAMS 100
            assertTrue(settingsAck.await(5, TimeUnit.SECONDS), "no SETTINGS ACK");
            return TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent);
        }

        long goAwayUntilClosed() throws Exception {
            long sent = System.nanoTime();
            frame(7, 0, 0, ByteBuffer.allocate(8).putInt(lastStream).putInt(0).array()); // GOAWAY NO_ERROR
            assertTrue(closed.await(5, TimeUnit.SECONDS), "the client did not close after GOAWAY");
            return TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent);
        }

        private void awaitConnected() throws InterruptedException {
            assertTrue(connected.await(5, TimeUnit.SECONDS), "the client did not connect");
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
