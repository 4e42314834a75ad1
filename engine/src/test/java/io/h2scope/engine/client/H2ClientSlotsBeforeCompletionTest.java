package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code sendAsync} future completes only once its stream's slot is free in the connection pool: a caller
 * that sends its next batch as soon as the last one is complete finds the whole connection free, and a client
 * allowed several connections opens no second one while the first has room (RFC 9113 §5.1.2: the server's
 * limit here is 100, a batch 64). Ordered by a trace sink that holds the loop in the middle of its read, after
 * the core had every answer of the batch and before the read's work is done: the point at which futures
 * completed early while the pool still counted the batch's streams.
 */
@Timeout(60)
class H2ClientSlotsBeforeCompletionTest {

    private static final int BATCH = 64;
    /** {@code :status: 200}, HPACK static table index 8 (RFC 7541 Appendix A). */
    private static final byte[] STATUS_200 = {(byte) 0x88};
    private static final byte[] BODY = "ok\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Test
    void aBatchSentWhenThePreviousOneCompletedFitsOnTheOneConnection() throws Exception {
        CountDownLatch nextBatchSent = new CountDownLatch(1);
        AtomicBoolean held = new AtomicBoolean();
        // the PING that follows the first batch's answers in the same segment: the loop has handed the core every
        // answer of the batch, and its read's work is not done yet
        TraceSink holdAfterLastClose = e -> {
            if (e instanceof FrameEvent f && f.direction() == Direction.INBOUND && f.frame() instanceof PingFrame p
                    && (p.flags() & 1) == 0 && held.compareAndSet(false, true)) {
                try {
                    nextBatchSent.await(300, TimeUnit.MILLISECONDS); // a future completed early lets the test go on
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        try (BatchingServer server = new BatchingServer();
             H2Client client = H2Client.newBuilder().traceSink(holdAfterLastClose).build()) {
            H2Request request = H2Request.newBuilder("http://127.0.0.1:" + server.port() + "/").build();
            assertEquals(200, client.send(request, java.net.http.HttpResponse.BodyHandlers.discarding()).status());
            for (int batch = 0; batch < 3; batch++) {
                List<CompletableFuture<H2Response<Void>>> inFlight = new ArrayList<>();
                for (int i = 0; i < BATCH; i++) {
                    inFlight.add(client.sendAsync(request, java.net.http.HttpResponse.BodyHandlers.discarding()));
                }
                if (batch == 1) {
                    nextBatchSent.countDown();
                }
                for (CompletableFuture<H2Response<Void>> f : inFlight) {
                    assertEquals(200, f.get(10, TimeUnit.SECONDS).status());
                }
            }
            assertEquals(1, server.accepted(), "connections the server accepted");
        }
    }

    /**
     * SETTINGS with MAX_CONCURRENT_STREAMS 100; every request answered 200 with a body of three octets, the answers to all the
     * requests read so far written at once whenever nothing more is waiting to be read (so a batch's answers
     * arrive in one segment and are read in one go), a PING behind a whole batch's. Serves every connection it
     * accepts, and counts them.
     */
    private static final class BatchingServer implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        private final AtomicInteger accepted = new AtomicInteger();

        BatchingServer() throws IOException {
            Thread t = new Thread(this::accept, "batching-server");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return listener.getLocalPort();
        }

        int accepted() {
            return accepted.get();
        }

        private void accept() {
            while (true) {
                try {
                    Socket s = listener.accept();
                    accepted.incrementAndGet();
                    Thread t = new Thread(() -> serve(s), "batching-connection");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void serve(Socket s) {
            try (s) {
                InputStream raw = s.getInputStream();
                DataInputStream in = new DataInputStream(raw);
                OutputStream out = s.getOutputStream();
                in.readFully(new byte[24]); // the client preface
                out.write(FrameWriter.encode(SettingsFrame.of(List.of(new RawSetting(0x3, 100)))));
                out.flush();
                ByteArrayOutputStream answers = new ByteArrayOutputStream();
                int answered = 0;
                while (true) {
                    ClientFrame frame = ClientFrame.read(in);
                    if (frame.settingsToAck()) {
                        answers.writeBytes(FrameWriter.encode(SettingsFrame.ackFrame()));
                    } else if (frame.headers()) {
                        answers.writeBytes(FrameWriter.encode(HeadersFrame.of(frame.streamId(), STATUS_200, false, true)));
                        answers.writeBytes(FrameWriter.encode(DataFrame.of(frame.streamId(), BODY, true)));
                        answered++;
                    }
                    if (raw.available() == 0 && answers.size() > 0) {
                        if (answered >= BATCH) {
                            answers.writeBytes(FrameWriter.encode(PingFrame.of(answered))); // right behind a batch's answers
                        }
                        answered = 0;
                        out.write(answers.toByteArray());
                        out.flush();
                        answers.reset();
                    }
                }
            } catch (IOException e) {
                // the test is over
            }
        }

        @Override
        public void close() throws IOException {
            listener.close();
        }
    }
}
