package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A blocking caller reading its own response on a connection whose server then refuses the stream by GOAWAY
 * (RFC 9113 §6.8: above the last stream id, so retried) follows its request to the connection it is retried
 * on: it reads the answer there itself, at once, instead of reading the first connection until the loop's next
 * tick takes the second one's input back (up to a second). Ordered by the server script, not by timing: two
 * connections of one stream each, both idle and lent, the second request on the first one answered by GOAWAY.
 */
@Timeout(60)
class H2ClientRetryWhileReadingTest {

    /** {@code :status: 200}, HPACK static table index 8 (RFC 7541 Appendix A). */
    private static final byte[] STATUS_200 = {(byte) 0x88};

    @Test
    void aRetriedRequestIsReadByItsCallerOnTheConnectionItMovedTo() throws Exception {
        Map<Long, Thread> lastResponseReader = new ConcurrentHashMap<>();
        TraceSink sink = traced -> {
            if (traced instanceof FrameEvent e && e.direction() == Direction.INBOUND && e.frame() instanceof HeadersFrame) {
                lastResponseReader.put(e.connectionId(), Thread.currentThread());
            }
        };
        try (ScriptedServer server = new ScriptedServer();
             H2Client client = H2Client.newBuilder().maxConnectionsPerAuthority(2).traceSink(sink).build()) {
            String url = "http://127.0.0.1:" + server.port() + "/";
            // two blocking requests at once: the server allows one stream per connection, so each gets its own
            ExecutorService two = Executors.newFixedThreadPool(2);
            try {
                Future<H2Response<String>> a = two.submit(() -> client.get(url));
                Future<H2Response<String>> b = two.submit(() -> client.get(url));
                assertEquals(200, a.get(10, TimeUnit.SECONDS).status());
                assertEquals(200, b.get(10, TimeUnit.SECONDS).status());
            } finally {
                two.shutdownNow();
            }
            assertEquals(2, client.connectionCount());

            H2Response<String> c = client.get(url); // first connection: GOAWAY, retried on the second
            assertEquals(200, c.status());
            assertEquals(2, server.requestsOn(1), "the retry went to the second connection");
            assertTrue(lastResponseReader.containsKey(c.connectionId()), "no response traced: " + lastResponseReader);
            assertSame(Thread.currentThread(), lastResponseReader.get(c.connectionId()),
                    "the retried request's response was not read by its caller");
        }
    }

    /**
     * Every connection: SETTINGS with MAX_CONCURRENT_STREAMS 1, each request answered 200. The first
     * connection holds its first answer until the second connection has a request (so both requests are in
     * flight together), and answers its second request with GOAWAY(last stream 1), staying open.
     */
    private static final class ScriptedServer implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        private final CountDownLatch secondAsked = new CountDownLatch(1);
        private final AtomicInteger[] requests = {new AtomicInteger(), new AtomicInteger()};
        private final Thread acceptor;

        ScriptedServer() throws IOException {
            acceptor = new Thread(this::accept, "scripted-server");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return listener.getLocalPort();
        }

        int requestsOn(int connection) {
            return requests[connection].get();
        }

        private void accept() {
            for (int index = 0; index < 2; index++) {
                try {
                    Socket s = listener.accept();
                    int i = index;
                    Thread t = new Thread(() -> serve(s, i), "scripted-connection-" + i);
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void serve(Socket s, int index) {
            try (s) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                OutputStream out = s.getOutputStream();
                in.readFully(new byte[24]); // the client preface
                out.write(FrameWriter.encode(SettingsFrame.of(List.of(new RawSetting(0x3, 1)))));
                out.flush();
                while (true) {
                    ClientFrame frame = ClientFrame.read(in);
                    if (frame.settingsToAck()) {
                        out.write(FrameWriter.encode(SettingsFrame.ackFrame()));
                    } else if (frame.headers()) {
                        int n = requests[index].incrementAndGet();
                        if (index == 1) {
                            secondAsked.countDown();
                        } else if (n == 1) {
                            secondAsked.await(10, TimeUnit.SECONDS);
                        } else {
                            out.write(FrameWriter.encode(GoAwayFrame.of(1, ErrorCode.NO_ERROR)));
                            out.flush();
                            continue; // stays open: the client reads nothing more here
                        }
                        out.write(FrameWriter.encode(HeadersFrame.of(frame.streamId(), STATUS_200, true, true)));
                    }
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the test is over
            }
        }

        @Override
        public void close() throws IOException {
            listener.close();
        }
    }
}
