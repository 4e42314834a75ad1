package io.h2scope.conformance.intermediary.origin;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The answers response-side cases scripted, by their marker: the origin answers a request that carries one with
 * it (once), and every other request with its ordinary 200. Thread-safe: case threads script, connection threads
 * take.
 */
public final class Answers {

    private final Map<Marker, OriginAnswer> byCase = new HashMap<>();

    /** The next request carrying {@code marker} is answered with {@code answer}. */
    public synchronized void script(Marker marker, OriginAnswer answer) {
        byCase.put(marker, answer);
    }

    public synchronized void forget(Marker marker) {
        byCase.remove(marker);
    }

    /** The answer scripted for the case {@code arrived} belongs to, taken so that a retry gets the ordinary one. */
    synchronized Optional<OriginAnswer> take(Arrival arrived) {
        return Arrivals.ownerOf(arrived).map(byCase::remove);
    }
}
