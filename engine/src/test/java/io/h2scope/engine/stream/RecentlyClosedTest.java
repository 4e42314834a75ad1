package io.h2scope.engine.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class RecentlyClosedTest {

    @Test
    void forgetsTheOldestOnceFull() {
        RecentlyClosed<CloseCause> closed = new RecentlyClosed<>(40); // the ring grows 8 -> 16 -> 32 -> 40 on the way
        for (int id = 1; id <= 201; id += 2) {
            closed.remember(id, CloseCause.END_STREAM);
        }
        assertEquals(40, closed.size());
        assertNull(closed.get(121)); // the 61st closed: forgotten
        assertEquals(CloseCause.END_STREAM, closed.get(123)); // the 62nd: the oldest remembered
        assertEquals(CloseCause.END_STREAM, closed.get(201));
    }

    @Test
    void rememberingAgainUpdatesTheCauseButNotTheOrder() {
        RecentlyClosed<CloseCause> closed = new RecentlyClosed<>(2);
        closed.remember(1, CloseCause.END_STREAM);
        closed.remember(3, CloseCause.END_STREAM);
        closed.remember(1, CloseCause.RESET_SENT);
        assertEquals(CloseCause.RESET_SENT, closed.get(1));
        closed.remember(5, CloseCause.RESET_RECEIVED); // 1 is still the oldest
        assertNull(closed.get(1));
        assertEquals(CloseCause.END_STREAM, closed.get(3));
        assertEquals(CloseCause.RESET_RECEIVED, closed.get(5));
        assertEquals(2, closed.size());
    }

    @Test
    void zeroCapacityRemembersNothing() {
        RecentlyClosed<CloseCause> closed = new RecentlyClosed<>(0);
        closed.remember(1, CloseCause.RESET_SENT);
        assertNull(closed.get(1));
        assertEquals(0, closed.size());
    }
}
