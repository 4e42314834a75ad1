package io.h2scope.conformance.intermediary.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * RFC 9113 §8.7: a stream reset with REFUSED_STREAM was not processed and may be retried. The client in front sends
 * such a request again on a new connection, a bounded number of times, and the answer says it did; a front that
 * refuses every try is not taken for one that refused the request.
 */
class RefusedStreamRetryTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** A front that resets the only stream of its first {@code refusals} connections with REFUSED_STREAM, then answers 200. */
    private static final class RefusingFront implements AutoCloseable {
        final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final AtomicInteger connections = new AtomicInteger();
        final Thread thread;

        RefusingFront(int refusals) throws Exception {
            thread = new Thread(() -> {
                try {
                    while (true) {
                        try (ScriptedPeer peer = ScriptedPeer.accept(listener).patience(TIMEOUT)) {
                            int n = connections.incrementAndGet();
                            peer.readPreface();
                            peer.greet();
                            peer.await(f -> f instanceof HeadersFrame);
                            if (n <= refusals) {
                                peer.send(RstStreamFrame.of(1, ErrorCode.REFUSED_STREAM));
                            } else {
                                peer.headers(1, List.of(new HeaderField(":status", "200")), true);
                            }
                            peer.await(f -> false); // until the client closes
                        }
                    }
                } catch (Exception e) {
                    // the listener closed: the test is over
                }
            });
            thread.setDaemon(true);
            thread.start();
        }

        InetSocketAddress address() {
            return new InetSocketAddress("127.0.0.1", listener.getLocalPort());
        }

        @Override
        public void close() throws Exception {
            listener.close();
        }
    }

    private static ProxyRequest get(FrontClient client) {
        return ProxyRequest.get(Marker.fresh(), client.authority()).build();
    }

    @Test
    void aRequestRefusedUnprocessedIsSentAgainAndTheAnswerSaysSo() throws Exception {
        try (RefusingFront front = new RefusingFront(1)) {
            FrontClient client = new FrontClient(front.address(), null, TIMEOUT);
            FrontAnswer answer = client.send(get(client));
            assertEquals(FrontAnswer.Kind.RESPONSE, answer.kind(), answer.toString());
            assertEquals(200, answer.status());
            assertEquals(2, front.connections.get(), "the retry went on a new connection");
            assertTrue(answer.toString().contains("sent 2 times") && answer.toString().contains("§8.7"), answer.toString());
        }
    }

    @Test
    void theRetriesAreBoundedAndARefusalOnEveryTryIsNoRefusalOfTheRequest() throws Exception {
        try (RefusingFront front = new RefusingFront(Integer.MAX_VALUE)) {
            FrontClient client = new FrontClient(front.address(), null, TIMEOUT, FrontClient.DEFAULT_REFUSED_RETRIES);
            Received received = client.receive(get(client));
            assertTrue(received.unprocessed(), received.toString());
            assertEquals(FrontClient.DEFAULT_REFUSED_RETRIES + 1, front.connections.get());
            assertTrue(received.evidence().contains("sent 3 times"), received.evidence());

            FrontAnswer answer = new FrontClient(front.address(), null, TIMEOUT, 0).send(get(client));
            assertTrue(answer.unprocessed(), answer.toString());
            assertFalse(answer.refusal(), "REFUSED_STREAM says nothing of the request (§8.7)");
            assertEquals(FrontClient.DEFAULT_REFUSED_RETRIES + 2, front.connections.get(), "no retry with 0");
        }
    }
}
