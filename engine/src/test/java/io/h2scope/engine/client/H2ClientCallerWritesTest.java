package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.TraceSink;

import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * A request sent while its connection's loop is idle is written by the sending thread itself (no loop
 * wake-up), over h2c and TLS; and many threads sending at once on one connection, while the loop reads
 * responses, all get their own responses.
 */
@Timeout(60)
class H2ClientCallerWritesTest extends ReferenceServerPair {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anIdleConnectionsRequestIsWrittenByTheSendingThread(boolean useTls) throws Exception {
        // on a multi-core machine the loop may still be at work on the connection when the next request comes (it
        // took something else meanwhile), and then the request rightly goes to it: a pause makes sure it is idle
        assertMostHeadersWrittenBySender(server(useTls), 5);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aCallerSendingAgainAtOnceStillWritesItself(boolean useTls) throws Exception {
        // the loop wakes a blocking caller only after it lets go of the connection (afterRelease), so even a caller
        // on another core that sends again at once finds the connection free, not the loop still at work on it
        assertMostHeadersWrittenBySender(server(useTls), 0);
    }

    /** 20 blocking GETs after the connection is up, {@code pauseMillis} apart: at least 15 HEADERS written by this thread. */
    private static void assertMostHeadersWrittenBySender(H2Server server, long pauseMillis) throws Exception {
        ConcurrentLinkedQueue<Thread> headersWriters = new ConcurrentLinkedQueue<>();
        TraceSink sink = headersThreads(Direction.OUTBOUND, headersWriters);
        try (H2Client client = client(sink)) {
            assertEquals(200, client.get(server.url()).status()); // the first one waits for the connection
            headersWriters.clear();
            long start = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                Thread.sleep(pauseMillis);
                assertEquals(200, client.get(server.url()).status());
            }
            long run = System.nanoTime() - start;
            assertEquals(20, headersWriters.size());
            Thread me = Thread.currentThread();
            long mine = headersWriters.stream().filter(t -> t == me).count();
            assertTrue(mine >= 20 - doneByTheLoopAtMost(run), "HEADERS written by " + headersWriters);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void threadsSendingAtOnceOnOneConnectionEachGetTheirOwnResponse(boolean useTls) throws Exception {
        H2Server server = server(useTls);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (H2Client client = client(TraceSink.NONE)) {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < 150; i++) {
                        String body = client.send(io.h2scope.engine.client.H2Request.newBuilder(server.url() + "headers?t="
                                + thread + "&i=" + i).build(), BodyHandlers.ofString()).body();
                        if (body.contains("/headers?t=" + thread + "&i=" + i + "\"")) {
                            ok++;
                        }
                    }
                    return ok;
                }));
            }
            for (Future<Integer> f : done) {
                assertEquals(150, f.get());
            }
            assertEquals(1, client.connectionCount(), "one connection for all of them");
        } finally {
            pool.shutdownNow();
        }
    }
}
