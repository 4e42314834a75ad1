package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.TraceEvent;

import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A trace sink is called for one connection by one thread at a time, and each call sees what the calls
 * before it wrote, whichever threads made them (the client package's threading model). The sink checks
 * it with state it does not synchronise: a plain "inside" marker (two calls at once find it set) and a
 * plain call counter (calls without a happens-before edge between them would lose increments), compared
 * at the end with counts each thread kept for itself. Blocking callers, asynchronous requests, cancels
 * from another thread and a deadline all make the client's threads take turns on one connection.
 */
@Timeout(60)
class TraceSinkThreadsTest extends ReferenceServerPair {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aSinkIsCalledByOneThreadAtATimePerConnectionWithEachCallSeeingTheLast(boolean useTls) throws Exception {
        CheckingSink sink = new CheckingSink();
        String url = server(useTls).url();
        try (H2Client client = client(sink)) {
            List<Thread> callers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                Thread caller = new Thread(() -> {
                    sink.register();
                    for (int i = 0; i < 30; i++) {
                        try {
                            assertEquals(200, client.get(url).status());
                        } catch (Exception e) {
                            throw new AssertionError(e);
                        }
                    }
                });
                callers.add(caller);
                caller.start();
            }
            sink.register();
            List<CompletableFuture<?>> async = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                async.add(client.sendAsync(H2Request.newBuilder(url).build(), BodyHandlers.ofString()));
            }
            List<CompletableFuture<?>> slow = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                slow.add(client.sendAsync(H2Request.newBuilder(url + "slow?ms=60000").build(), BodyHandlers.ofString()));
            }
            CompletableFuture<?> timed = client.sendAsync(H2Request.newBuilder(url + "slow?ms=60000")
                    .timeout(Duration.ofMillis(100)).build(), BodyHandlers.ofString());
            Thread canceller = new Thread(() -> {
                sink.register();
                slow.forEach(f -> f.cancel(true)); // RST_STREAM written by this thread when the connection is free
            });
            Thread.sleep(50);
            canceller.start();
            for (CompletableFuture<?> f : async) {
                f.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
            }
            canceller.join(Await.PATIENCE.toMillis());
            for (Thread caller : callers) {
                caller.join(Await.PATIENCE.toMillis());
            }
            assertTrue(timed.handle((r, e) -> e).get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS) != null,
                    "the 100 ms request did not time out");
        }
        // the client is closed: its loop thread has ended, so everything it wrote is visible here
        assertEquals(List.of(), sink.overlaps());
        Map<Long, Long> counted = sink.countedByThreads();
        assertTrue(!counted.isEmpty(), "no events");
        for (Map.Entry<Long, CheckingSink.PerConnection> e : sink.connections.entrySet()) {
            assertEquals(counted.getOrDefault(e.getKey(), 0L), e.getValue().calls,
                    "connection " + e.getKey() + ": calls lost by the sink's plain counter");
        }
        int mostThreads = sink.connections.values().stream().mapToInt(c -> c.threads.size()).max().orElse(0);
        assertTrue(mostThreads >= 2, "one thread only called the sink: nothing was handed over between threads");
    }

    /** Checks its calls with plain fields only; counts per thread for the comparison at the end. */
    private static final class CheckingSink implements TraceSink {
        static final class PerConnection {
            Thread inside;
            long calls;
            final Set<Thread> threads = new HashSet<>();
        }

        final Map<Long, PerConnection> connections = new ConcurrentHashMap<>();
        private final List<String> overlaps = new ArrayList<>();
        private final List<Map<Long, long[]>> perThread = new ArrayList<>();
        private final ThreadLocal<Map<Long, long[]>> mine = ThreadLocal.withInitial(() -> {
            Map<Long, long[]> m = new HashMap<>();
            synchronized (perThread) { // once per thread, not per call
                perThread.add(m);
            }
            return m;
        });

        /** A thread made by the test: its counts are registered before it calls. */
        void register() {
            mine.get();
        }

        @Override
        public void onEvent(TraceEvent event) {
            PerConnection c = connections.computeIfAbsent(event.connectionId(), id -> new PerConnection());
            Thread me = Thread.currentThread();
            if (c.inside != null) {
                synchronized (overlaps) {
                    overlaps.add(me.getName() + " called while " + c.inside.getName() + " was inside, connection "
                            + event.connectionId());
                }
            }
            c.inside = me;
            long before = c.calls;
            c.threads.add(me);
            for (int i = 0; i < 50; i++) {
                Thread.onSpinWait(); // widens the window another call would have to overlap this one
            }
            c.calls = before + 1;
            c.inside = null;
            mine.get().computeIfAbsent(event.connectionId(), id -> new long[1])[0]++;
        }

        List<String> overlaps() {
            synchronized (overlaps) {
                return List.copyOf(overlaps);
            }
        }

        Map<Long, Long> countedByThreads() {
            Map<Long, Long> total = new HashMap<>();
            synchronized (perThread) {
                for (Map<Long, long[]> m : perThread) {
                    m.forEach((id, n) -> total.merge(id, n[0], Long::sum));
                }
            }
            return total;
        }
    }
}
