package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.trace.model.TraceSink;

import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request body's items and its end, signalled by the publisher from threads of its own, reach the wire in the
 * order they were signalled, even when one signal finds the connection free (and runs at once on its thread) and
 * the one before it found the loop at work (and was queued for it). Before the client's tasks went through one
 * queue, the end could overtake the last item: an empty DATA with END_STREAM left first, the body was dropped,
 * and the server reset the stream for a content-length mismatch (RFC 9113 §8.1.1).
 */
@Timeout(120)
class H2ClientBodyOrderTest extends ReferenceServerPair {

    private static final int REQUESTS = 200;
    private static final int IN_FLIGHT = 16;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void bodiesSignalledFromOtherThreadsArriveWhole(boolean useTls) throws Exception {
        String url = server(useTls).url() + "echo";
        try (H2Client client = client(TraceSink.NONE)) {
            for (int round = 0; round < REQUESTS / IN_FLIGHT; round++) {
                List<CompletableFuture<String>> answers = new ArrayList<>();
                List<String> sent = new ArrayList<>();
                for (int i = 0; i < IN_FLIGHT; i++) {
                    String body = "round " + round + " request " + i + " " + "x".repeat(i * 7);
                    sent.add(body);
                    H2Request request = H2Request.newBuilder(url).POST(new ThreadHoppingPublisher(body)).build();
                    answers.add(client.sendAsync(request, BodyHandlers.ofString()).thenApply(r -> r.body()));
                }
                for (int i = 0; i < IN_FLIGHT; i++) {
                    assertEquals(sent.get(i), answers.get(i).get(), "round " + round + " request " + i);
                }
            }
        }
    }

    /**
     * Publishes its body in two items and then completes, each signal from a new thread, the next started only
     * when the one before has returned: the order is the publisher's, whatever the threads.
     */
    private static final class ThreadHoppingPublisher implements BodyPublisher {
        private final byte[] bytes;

        ThreadHoppingPublisher(String body) {
            this.bytes = body.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public long contentLength() {
            return bytes.length;
        }

        @Override
        public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            int half = bytes.length / 2;
            ByteBuffer[] items = {ByteBuffer.wrap(bytes, 0, half), ByteBuffer.wrap(bytes, half, bytes.length - half)};
            AtomicBoolean cancelled = new AtomicBoolean();
            subscriber.onSubscribe(new Flow.Subscription() {
                private int next;

                @Override
                public synchronized void request(long n) {
                    for (long k = 0; k < n && next <= items.length && !cancelled.get(); k++) {
                        int index = next++;
                        Runnable signal = index < items.length ? () -> subscriber.onNext(items[index]) : subscriber::onComplete;
                        Thread t = new Thread(signal, "body-signal-" + index);
                        t.start();
                        join(t);
                        if (index == items.length - 1) { // the end follows the last item without being asked for
                            next++;
                            Thread end = new Thread(subscriber::onComplete, "body-end");
                            end.start();
                            join(end);
                        }
                    }
                }

                @Override
                public void cancel() {
                    cancelled.set(true);
                }
            });
        }

        private static void join(Thread t) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
