package io.h2scope.engine.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server-wide list of streams waiting on a closed window, on passed-in time: a shed picks the longest waits first
 * whichever connection they are on, never picks a stream twice, and counts what earlier picks will release.
 */
class StalledStreamsTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long KB = 1_000;

    private final StalledStreams stalls = new StalledStreams();
    private final Object connA = "connection A";
    private final Object connB = "connection B";

    @Test
    void theLongestWaitsAreShedFirstAcrossConnections() {
        stalls.stalled(connA, 1, 30 * SECOND, 100 * KB, null);
        stalls.stalled(connB, 1, 10 * SECOND, 100 * KB, null);
        stalls.stalled(connA, 3, 20 * SECOND, 100 * KB, null);
        List<String> reset = new ArrayList<>();
        int picked = stalls.shed(150 * KB, s -> reset.add(s.owner + "/" + s.streamId));
        assertEquals(2, picked);
        assertEquals(List.of("connection B/1", "connection A/3"), reset, "oldest wait (10 s) first, then 20 s");
    }

    @Test
    void aStreamPickedOnceIsNotPickedAgainAndItsOctetsCountUntilReleased() {
        StalledStreams.Stall a = stalls.stalled(connA, 1, 1 * SECOND, 100 * KB, null);
        stalls.stalled(connA, 3, 2 * SECOND, 100 * KB, null);
        List<Integer> reset = new ArrayList<>();
        stalls.shed(50 * KB, s -> reset.add(s.streamId));
        // the same excess again, before stream 1 is reset: its 100 KB are on their way, nothing more is picked
        stalls.shed(50 * KB, s -> reset.add(s.streamId));
        assertEquals(List.of(1), reset);
        stalls.resumed(a); // stream 1 was reset: its octets are released, a still larger excess picks stream 3
        stalls.shed(50 * KB, s -> reset.add(s.streamId));
        assertEquals(List.of(1, 3), reset);
    }

    @Test
    void aStreamThatMovedOnAndStalledAgainWaitsFromItsNewStart() {
        StalledStreams.Stall first = stalls.stalled(connA, 1, 1 * SECOND, 100 * KB, null);
        stalls.stalled(connB, 1, 5 * SECOND, 100 * KB, null);
        stalls.stalled(connA, 1, 9 * SECOND, 100 * KB, first); // data went at 8 s, then the window closed again
        List<String> reset = new ArrayList<>();
        stalls.shed(1, s -> reset.add(s.owner + "/" + s.streamId));
        assertEquals(List.of("connection B/1"), reset);
        assertEquals(2, stalls.size());
    }
}
