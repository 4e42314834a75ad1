package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.InputLending.State;
import io.h2scope.engine.client.InputLending.Waiter;

import org.junit.jupiter.api.Test;

/** The client's lending decisions, state by state (the threads that take them: H2ClientCallerReadsTest and others). */
class InputLendingTest {

    @Test
    void onlyAReadingCallersDeliveredResponseLendsAndOnlyOnceAndOnlyWhenIdle() {
        InputLending lending = new InputLending();
        lending.delivered(Waiter.ASYNC);
        lending.delivered(Waiter.PARKING_CALLER);
        assertEquals(State.UNCHANGED, lending.state());
        assertFalse(lending.lendsNow(true), "no reading caller was answered: nothing to lend");

        lending.delivered(Waiter.READING_CALLER);
        assertEquals(State.LEND_WHEN_WORK_ENDS, lending.state());
        assertFalse(lending.lendsNow(false), "another stream is live: someone else waits on the input");
        assertEquals(State.UNCHANGED, lending.state(), "the wish ends with the work, lent or not");
        assertFalse(lending.lendsNow(true));

        lending.delivered(Waiter.READING_CALLER);
        assertTrue(lending.lendsNow(true));
        assertFalse(lending.lendsNow(true), "lent once per delivery");
    }

    @Test
    void blockingCallersAndTheLoopOpenTheirOwnStreamsAsynchronousOnesGoThroughTheLoop() {
        InputLending lending = new InputLending();
        assertFalse(lending.opensOnThisThread(Waiter.ASYNC, false));
        assertTrue(lending.opensOnThisThread(Waiter.ASYNC, true));
        assertTrue(lending.opensOnThisThread(Waiter.PARKING_CALLER, false));
        assertTrue(lending.opensOnThisThread(Waiter.READING_CALLER, false));
    }

    @Test
    void aCallerClaimsTheInputOnlyWhereItsStreamOpenedAndOnlyOffTheLoop() {
        InputLending lending = new InputLending();
        assertTrue(lending.claimsAfterOpening(Waiter.READING_CALLER, false, true));
        assertFalse(lending.claimsAfterOpening(Waiter.READING_CALLER, false, false),
                "the request went back to the route: a claim here would leave this input unread");
        assertFalse(lending.claimsAfterOpening(Waiter.READING_CALLER, true, true));
        assertFalse(lending.claimsAfterOpening(Waiter.PARKING_CALLER, false, true));
        assertFalse(lending.claimsAfterOpening(Waiter.ASYNC, false, true));
    }
}
