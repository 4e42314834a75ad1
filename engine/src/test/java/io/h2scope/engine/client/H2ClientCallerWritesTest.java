package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.TraceSink;

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
 * Over real sockets, h2c and TLS: a request sent while its connection's loop is idle is written by the sending
 * thread itself (no loop wake-up), and many threads sending at once on one connection, while the loop reads
 * responses, all get their own responses. Who may take the connection when, and the hand-overs between the loop
 * and callers, are stepped through one by one in {@code transport.ConnectionOwnershipStepTest}; here only that the
 * client uses that path at all.
 */
@Timeout(60)
class H2ClientCallerWritesTest extends ReferenceServerPair {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anIdleConnectionsRequestIsWrittenByTheSendingThread(boolean useTls) throws Exception {
        // smoke test: the loop's tick or a stall may take a request over (rightly), but not all of twenty
        H2Server server = server(useTls);
        ConcurrentLinkedQueue<Thread> headersWriters = new ConcurrentLinkedQueue<>();
        try (H2Client client = client(headersThreads(Direction.OUTBOUND, headersWriters))) {
            assertEquals(200, client.get(server.url()).status()); // the first one waits for the connection
            headersWriters.clear();
            for (int i = 0; i < 20; i++) {
                assertEquals(200, client.get(server.url()).status());
            }
            assertEquals(20, headersWriters.size());
            Thread me = Thread.currentThread();
            assertTrue(headersWriters.contains(me), "no HEADERS written by the sending thread: " + headersWriters);
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
