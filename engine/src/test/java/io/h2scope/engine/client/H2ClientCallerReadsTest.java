package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.TraceSink;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * After the loop has delivered a blocking caller's response on an otherwise idle connection, it lends the
 * connection's input to that caller's next wait: the next response is read on the caller's thread (one
 * wake-up instead of two). The loop reads whenever no caller waits, and takes the input back when anything
 * else happens on the connection; a waiting reader still honours interrupts and request timeouts.
 */
@Timeout(60)
class H2ClientCallerReadsTest extends ReferenceServerPair {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void sequentialBlockingCallersReadTheirResponsesThemselves(boolean useTls) throws Exception {
        H2Server server = server(useTls);
        ConcurrentLinkedQueue<Thread> readers = new ConcurrentLinkedQueue<>();
        try (H2Client client = client(headersThreads(Direction.INBOUND, readers))) {
            assertEquals(200, client.get(server.url()).status());
            readers.clear();
            for (int i = 0; i < 20; i++) {
                assertEquals(200, client.get(server.url()).status());
            }
            assertEquals(20, readers.size());
            // smoke test over a real socket: the loop may read some (after a take-back by its tick), not all;
            // lending, claiming and giving back are stepped through in transport.ConnectionOwnershipStepTest
            assertTrue(readers.contains(Thread.currentThread()), "no response HEADERS read by the caller: " + readers);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theLoopReadsAgainOnceNoCallerWaits(boolean useTls) throws Exception {
        // lent and with nobody waiting, the input is still read by the loop: the server's GOAWAY and close are seen
        // without another request (how soon, a millisecond here or the loop's next tick, is no test's to time)
        H2Server server = ReferenceServer.start(useTls ? ReferenceServer.Options.tlsSelfSigned()
                : ReferenceServer.Options.h2c());
        try (H2Client client = H2Client.newBuilder().insecure().maxConnectionsPerAuthority(1).build()) {
            for (int i = 0; i < 3; i++) {
                assertEquals(200, client.get(server.url()).status()); // the input is lent after these
            }
            assertEquals(1, client.connectionCount());
            server.close(); // GOAWAY, then the socket closes: only a reader notices
            Await.until(() -> client.connectionCount() == 0, "the client reads the server's GOAWAY and closes");
        } finally {
            server.close();
        }
    }

    @Test
    void anAsynchronousRequestAfterLendingIsReadByTheLoop() throws Exception {
        ConcurrentLinkedQueue<Thread> readers = new ConcurrentLinkedQueue<>();
        try (H2Client client = client(headersThreads(Direction.INBOUND, readers))) {
            for (int i = 0; i < 3; i++) {
                assertEquals(200, client.get(h2c.url()).status());
            }
            readers.clear();
            H2Response<String> r = client.sendAsync(H2Request.newBuilder(h2c.url()).build(), BodyHandlers.ofString())
                    .get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertEquals(200, r.status());
            assertEquals(1, readers.size());
            assertTrue(readers.peek() != Thread.currentThread(), "read by " + readers);
        }
    }

    @Test
    void aReadingCallerThatIsInterruptedStopsWaitingAndTheConnectionStaysUsable() throws Exception {
        ConcurrentLinkedQueue<Thread> writers = new ConcurrentLinkedQueue<>();
        try (H2Client client = client(headersThreads(Direction.OUTBOUND, writers))) {
            long connection = client.get(h2c.url()).connectionId();
            assertEquals(200, client.get(h2c.url()).status()); // now the input is lent
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    // answered long after any wait here: only the interrupt can end the caller's wait early
                    client.send(H2Request.newBuilder(h2c.url() + "slow?ms=60000").build(), BodyHandlers.ofString());
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            caller.start();
            Await.until(() -> writers.size() == 3, "the slow request is sent, its caller waiting for the answer");
            caller.interrupt();
            caller.join(Await.PATIENCE.toMillis());
            assertTrue(!caller.isAlive(), "the interrupted caller is still waiting");
            assertTrue(thrown.get() instanceof InterruptedException, "threw " + thrown.get());
            H2Response<String> after = client.get(h2c.url());
            assertEquals(200, after.status());
            assertEquals(connection, after.connectionId());
        }
    }

    @Test
    void aReadingCallersRequestTimesOut() throws Exception {
        try (H2Client client = client(TraceSink.NONE)) {
            long connection = client.get(h2c.url()).connectionId();
            assertEquals(200, client.get(h2c.url()).status()); // now the input is lent
            long start = System.nanoTime();
            // answered long after any wait here: only the request's 300 ms timeout can end it early
            IOException e = assertThrows(IOException.class, () -> client.send(H2Request.newBuilder(h2c.url() + "slow?ms=60000")
                    .timeout(Duration.ofMillis(300)).build(), BodyHandlers.ofString()));
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertInstanceOf(HttpTimeoutException.class, e, e.toString());
            assertTrue(tookMillis >= 290, "timed out before its deadline, after " + tookMillis + " ms: " + e);
            H2Response<String> after = client.get(h2c.url());
            assertEquals(200, after.status());
            assertEquals(connection, after.connectionId());
        }
    }

    @Test
    void aVirtualThreadParksInsteadOfReading() throws Exception {
        // a virtual thread blocked in a selector would hold its carrier; parked on the future it frees it
        Method ofVirtual;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            assumeTrue(false, "no virtual threads before JDK 21");
            return;
        }
        ConcurrentLinkedQueue<Thread> readers = new ConcurrentLinkedQueue<>();
        TraceSink sink = headersThreads(Direction.INBOUND, readers);
        try (H2Client client = client(sink)) {
            assertEquals(200, client.get(h2c.url()).status());
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Runnable sends = () -> {
                try {
                    for (int i = 0; i < 20; i++) {
                        assertEquals(200, client.get(h2c.url()).status());
                    }
                } catch (Throwable t) {
                    failed.set(t);
                }
            };
            Object builder = ofVirtual.invoke(null);
            Thread virtual = (Thread) Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class)
                    .invoke(builder, sends);
            readers.clear();
            virtual.start();
            virtual.join(Await.PATIENCE.toMillis());
            assertEquals(null, failed.get());
            assertEquals(20, readers.size());
            assertTrue(readers.stream().noneMatch(t -> t == virtual), "a response was read on the virtual thread");
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void threadsTakingTurnsAsReaderAllGetTheirOwnResponses(boolean useTls) throws Exception {
        // one reader at a time reads for all, the others wait on their futures; when it leaves with others still
        // waiting the loop takes over. Every caller gets its own response, on the one connection (a caller stranded
        // with nobody reading for it would wait for the class's timeout)
        H2Server server = server(useTls);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (H2Client client = client(TraceSink.NONE)) {
            client.get(server.url());
            ConcurrentLinkedQueue<Future<?>> done = new ConcurrentLinkedQueue<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        String path = "headers?t=" + thread + "&i=" + i;
                        assertTrue(client.get(server.url() + path).body().contains("/" + path + "\""), path);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            assertEquals(1, client.connectionCount());
        } finally {
            pool.shutdownNow();
        }
    }
}
