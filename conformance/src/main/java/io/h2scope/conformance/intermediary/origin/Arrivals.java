package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Routes each request the origin receives to the case that owns its marker: found in the target first, then in a
 * field value, then anywhere in its raw octets. A request with no marker at all goes to the case that owned the
 * request before it on the same connection (the second half of a desync need not carry one), else it is kept as
 * unclaimed. Thread-safe: origin connection threads add, case threads wait.
 */
public final class Arrivals {

    private final Map<Marker, List<Arrival>> byCase = new HashMap<>();
    private final Map<Long, Marker> lastOnConnection = new HashMap<>();
    private final List<Arrival> unclaimed = new ArrayList<>();
    private long total;
    /** Told each marker a case expects (the case's legs name them). */
    private final Consumer<String> expecting;

    public Arrivals() {
        this(marker -> { });
    }

    /** @param expecting told the value of each marker {@link #expect}ed */
    public Arrivals(Consumer<String> expecting) {
        this.expecting = expecting;
    }

    /** Starts keeping the requests that carry {@code marker}. */
    public synchronized void expect(Marker marker) {
        byCase.putIfAbsent(marker, new ArrayList<>());
        expecting.accept(marker.value());
    }

    /** Forgets a finished case's requests. */
    public synchronized void forget(Marker marker) {
        byCase.remove(marker);
    }

    synchronized void add(Arrival a) {
        total++;
        Optional<Marker> owner = ownerOf(a).or(() -> Optional.ofNullable(lastOnConnection.get(a.connection())));
        if (owner.isPresent() && byCase.containsKey(owner.get())) {
            byCase.get(owner.get()).add(a);
            lastOnConnection.put(a.connection(), owner.get());
        } else {
            unclaimed.add(a);
        }
        notifyAll();
    }

    /** The marker {@code a} carries, wherever it is. */
    static Optional<Marker> ownerOf(Arrival a) {
        Optional<Marker> m = Marker.findIn(a.target());
        for (HeaderField f : a.fields()) {
            if (m.isPresent()) {
                return m;
            }
            m = Marker.findIn(f.value());
        }
        return m.or(() -> Marker.findIn(new String(a.raw(), StandardCharsets.ISO_8859_1)));
    }

    /** What has arrived for {@code marker} so far. */
    public synchronized List<Arrival> of(Marker marker) {
        return List.copyOf(byCase.getOrDefault(marker, List.of()));
    }

    /** Waits at most {@code wait} for a first request of {@code marker}; what has arrived by then. */
    public synchronized List<Arrival> awaitFirst(Marker marker, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (byCase.getOrDefault(marker, List.of()).isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return of(marker);
    }

    /** How many requests the origin has received in all, claimed or not. */
    public synchronized long total() {
        return total;
    }

    /** Requests no case claimed (a marker nobody expects, or none). */
    public synchronized List<Arrival> unclaimed() {
        return List.copyOf(unclaimed);
    }
}
