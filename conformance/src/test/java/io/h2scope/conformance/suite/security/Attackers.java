package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/** A thread per attack, each repeating its move with a pause until stopped, keeping every verdict's outcome. */
final class Attackers {

    private final List<AttackMoves.Move> moves;
    private final Duration pause;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();
    private final Map<String, Map<Outcome, Integer>> outcomes = new ConcurrentHashMap<>();
    private final Map<String, String> lastSeen = new ConcurrentHashMap<>();
    private final List<String> undefended = Collections.synchronizedList(new ArrayList<>());

    Attackers(List<AttackMoves.Move> moves, Duration pause) {
        this.moves = moves;
        this.pause = pause;
    }

    void start() {
        for (AttackMoves.Move move : moves) {
            Thread t = new Thread(() -> repeat(move), "soak-attacker-" + move.name());
            threads.add(t);
            t.start();
        }
    }

    /** Lets each attacker finish the round it is in. */
    void stop() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join(Duration.ofSeconds(60).toMillis());
        }
    }

    private void repeat(AttackMoves.Move move) {
        while (running.get()) {
            Verdict v = attempt(move);
            outcomes.computeIfAbsent(move.name(), k -> new ConcurrentHashMap<>()).merge(v.outcome(), 1, Integer::sum);
            lastSeen.put(move.name(), v.actual());
            if (AttackMoves.undefended(v)) {
                undefended.add(move.name() + ": " + v.actual());
            }
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Runs {@code move} once; a move that cannot run (no connection) is INCONCLUSIVE, not a crash. */
    static Verdict attempt(AttackMoves.Move move) {
        try {
            return move.run();
        } catch (Exception e) {
            return Verdict.inconclusive("the move ran", move.name() + " could not run: " + e);
        }
    }

    /** The attacks the server did not cut off, with what was seen. */
    List<String> undefended() {
        return List.copyOf(undefended);
    }

    /** Per move, how many rounds ended in each outcome, and the last round of the slow ones. */
    String describe() {
        return "attacks: " + new TreeMap<>(outcomes) + "\n  last slow body: " + lastSeen.get("slow-request-body")
                + "\n  last held connections: " + lastSeen.get("held-connections")
                + "\n  last slow TLS handshake: " + lastSeen.get("security/slow-tls-handshake");
    }
}
