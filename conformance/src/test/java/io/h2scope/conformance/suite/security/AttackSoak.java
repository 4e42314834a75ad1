package io.h2scope.conformance.suite.security;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.server.H2Server;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The soak of issue 17: one reference server (defaults, TLS with a self-signed certificate, loopback) under normal traffic, every attack
 * class and a growing lane of idle complete connections ({@link IdleLane}) at once for {@link #SOAK} (at least two minutes), then judged on what a server under attack must
 * keep: the normal clients served, their tail latency, and after the attacks the live heap, descriptors and
 * threads back where they were at idle. Runs only in the {@code soak} profile ({@code mvn -Psoak}), which CI runs.
 *
 * <p>The bounds were chosen from runs on this project's 2-core machine shared with other builds (the figures
 * each run prints are the evidence): see the constants.
 */
class AttackSoak {

    static final Duration SOAK = Duration.ofSeconds(Long.getLong("soak.seconds", 125));
    private static final int NORMAL_CLIENTS = 4;
    /**
     * Between two rounds of one attack. The attackers share this JVM's two cores with the server: run back to
     * back, 31 tight loops leave the server's share of the CPU, not its defences, deciding the clients' latency.
     */
    private static final Duration ATTACK_PAUSE = Duration.ofMillis(500);

    // The bounds, from runs here on 2 cores at a load average of 20-35 (other builds alongside): every request
    // served in every run; p99 1,073 ms (max 2.7 s) with the 29 attacks back to back, 427 ms (max 1.6 s) with
    // 200 ms between rounds and a Maven build beside; live heap back within 1 MiB of idle, descriptors and
    // threads exactly back. Each bound leaves a margin over the worst of these.
    /** Measured 100 %: a failed request is an exception (timeout, reset) or a wrong answer. */
    private static final double MIN_SUCCESS = 0.99;
    /** Measured 427-1,073 ms (see above); the clients' own timeout is 10 s. */
    private static final Duration MAX_P99 = Duration.ofSeconds(2);
    /** Measured at most 1 MiB over idle, after full collections. */
    private static final long HEAP_MARGIN_BYTES = 8L << 20;
    /** Measured 0 over idle. */
    private static final int DESCRIPTOR_MARGIN = 2;
    /** Measured 0 over idle. */
    private static final int THREAD_MARGIN = 2;

    @Test
    @Timeout(value = 8, unit = java.util.concurrent.TimeUnit.MINUTES)
    void normalClientsAreServedThroughEveryAttackAndNothingLeaks() throws Exception {
        // over TLS, so that the half-done TLS handshake is one of the attacks and every connection costs a handshake
        try (ReferenceServerTarget embedded = ReferenceServerTarget.of(true)) {
            Target target = embedded.start();
            H2Server server = embedded.server();
            RunConfig config = RunConfig.defaults(target).withPeer(PeerOptions.defaults().withStrict(true)
                    .withInsecure(true).withTimeout(Duration.ofSeconds(3)));
            List<AttackMoves.Move> moves = AttackMoves.all(target, config);

            warmUp(target, moves, server); // classes loaded, pools made: the idle state to come back to
            ProcessResources idle = ProcessResources.now();
            System.out.println("soak: idle " + idle.describe() + "; " + moves.size() + " attack moves");

            NormalTraffic normal = new NormalTraffic(target.url());
            Attackers attackers = new Attackers(moves, ATTACK_PAUSE);
            IdleLane lane = new IdleLane(target, config.peer());
            normal.start(NORMAL_CLIENTS);
            long start = System.nanoTime();
            attackers.start();
            lane.start();
            Thread.sleep(SOAK.toMillis());
            lane.stop();
            attackers.stop();
            normal.stop();
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            awaitNoConnections(server);
            ProcessResources after = ProcessResources.now();

            double success = normal.requests() == 0 ? 0 : 1.0 - (double) normal.failed() / normal.requests();
            String report = "soak: " + seconds + " s, " + normal.requests() + " normal requests, " + normal.failed()
                    + " failed (" + String.format("%.3f", success * 100) + " % served), p50 " + normal.percentile(50).toMillis()
                    + " ms, p99 " + normal.percentile(99).toMillis() + " ms, max " + normal.percentile(100).toMillis()
                    + " ms; after: " + after.describe() + " (idle: " + idle.describe() + ")\n  " + lane.describe()
                    + "\n  " + attackers.describe();
            System.out.println(report);

            assertTrue(seconds >= 120, "the soak ran only " + seconds + " s\n" + report);
            assertTrue(attackers.undefended().isEmpty(), "attacks the server did not cut off: " + attackers.undefended()
                    + "\n" + report);
            // the lane's connections are closed for opening no stream (GOAWAY NO_ERROR), never for an attack's reasons
            assertTrue(lane.most() >= IdleLane.SIZE / 2 && lane.closedByServer() > 0 && lane.otherGoAway() == 0,
                    "the idle lane did not grow, or the server did not close its connections as idle\n" + report);
            assertTrue(success >= MIN_SUCCESS, "normal clients served " + success + " < " + MIN_SUCCESS
                    + "; some failures: " + normal.someFailures() + "\n" + report);
            assertTrue(normal.percentile(99).compareTo(MAX_P99) <= 0, "p99 over " + MAX_P99.toMillis() + " ms\n" + report);
            assertTrue(after.heapBytes() <= idle.heapBytes() + HEAP_MARGIN_BYTES, "live heap did not come back\n" + report);
            assertTrue(after.descriptors() <= idle.descriptors() + DESCRIPTOR_MARGIN, "descriptors leaked\n" + report);
            List<String> extra = new ArrayList<>(after.threads());
            idle.threads().forEach(extra::remove);
            assertTrue(after.threads().size() <= idle.threads().size() + THREAD_MARGIN, "threads left over: " + extra
                    + "\n" + report);
        }
    }

    /** One round of every move and a few normal requests, so the idle figures include what only first use creates. */
    private static void warmUp(Target target, List<AttackMoves.Move> moves, H2Server server) throws Exception {
        NormalTraffic warm = new NormalTraffic(target.url());
        warm.start(NORMAL_CLIENTS);
        List<Thread> threads = new ArrayList<>();
        for (AttackMoves.Move move : moves) {
            Thread t = new Thread(() -> Attackers.attempt(move), "soak-warm-up");
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(Duration.ofSeconds(60).toMillis());
        }
        warm.stop();
        awaitNoConnections(server);
    }

    private static void awaitNoConnections(H2Server server) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (server.connectionCount() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(500); // the last closes reach the selector
    }
}
