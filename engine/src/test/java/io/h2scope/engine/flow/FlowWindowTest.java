package io.h2scope.engine.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import org.junit.jupiter.api.Test;

class FlowWindowTest {

    @Test
    void consumingMoreThanTheStreamWindowIsAStreamFlowControlError_rfc9113_6_9_1() {
        FlowWindow w = new FlowWindow(3, 10);
        w.consume(10);
        assertEquals(0, w.size());
        StreamError e = assertThrows(StreamError.class, () -> w.consume(1));
        assertEquals(3, e.streamId());
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9.1"), e.spec());
        assertEquals(0, w.size(), "a rejected consume changes nothing");
    }

    @Test
    void consumingMoreThanTheConnectionWindowIsAConnectionError_rfc9113_6_9_1() {
        FlowWindow w = new FlowWindow(0, 5);
        ConnectionError e = assertThrows(ConnectionError.class, () -> w.consume(6));
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
    }

    @Test
    void expandingUpToTheMaximumIsAllowed_rfc9113_6_9_1() {
        FlowWindow w = new FlowWindow(1, 0);
        w.expand(FlowWindow.MAX_SIZE);
        assertEquals(Integer.MAX_VALUE, w.size());
    }

    @Test
    void expandingPastTheMaximumIsScopedByWindow_rfc9113_6_9_1() {
        FlowWindow stream = new FlowWindow(5, FlowWindow.MAX_SIZE);
        H2Exception se = assertThrows(StreamError.class, () -> stream.expand(1));
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, se.code());
        assertEquals(SpecRef.rfc9113("6.9.1"), se.spec());
        FlowWindow conn = new FlowWindow(0, FlowWindow.DEFAULT_INITIAL_SIZE);
        H2Exception ce = assertThrows(ConnectionError.class, () -> conn.expand(FlowWindow.MAX_SIZE));
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, ce.code());
        assertEquals(FlowWindow.DEFAULT_INITIAL_SIZE, conn.size());
    }

    @Test
    void shrinkingInitialSizeCanMakeTheWindowNegative_rfc9113_6_9_2() {
        // the RFC's example: 60 KB sent, then the initial window drops to 16 KB: -44 KB
        FlowWindow w = new FlowWindow(1, FlowWindow.DEFAULT_INITIAL_SIZE);
        w.consume(60 * 1024);
        w.applyInitialSizeDelta(16 * 1024 - FlowWindow.DEFAULT_INITIAL_SIZE);
        assertEquals(-44 * 1024, w.size());
        assertEquals(0, w.available());
        w.expand(44 * 1024 + 1);
        assertEquals(1, w.available());
    }

    @Test
    void initialSizeChangeOverflowIsAConnectionErrorEvenForAStream_rfc9113_6_9_2() {
        FlowWindow w = new FlowWindow(7, FlowWindow.DEFAULT_INITIAL_SIZE);
        w.expand(FlowWindow.MAX_SIZE - FlowWindow.DEFAULT_INITIAL_SIZE);
        H2Exception e = assertThrows(H2Exception.class, () -> w.applyInitialSizeDelta(1));
        assertInstanceOf(ConnectionError.class, e);
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9.2"), e.spec());
    }

    @Test
    void lowestReachableWindowFitsAnInt_rfc9113_6_9_2() {
        FlowWindow w = new FlowWindow(1, FlowWindow.MAX_SIZE);
        w.consume(FlowWindow.MAX_SIZE);
        w.applyInitialSizeDelta(-(long) FlowWindow.MAX_SIZE);
        assertEquals(-FlowWindow.MAX_SIZE, w.size());
    }

    @Test
    void badArgumentsAreCallerBugs() {
        FlowWindow w = new FlowWindow(1, 10);
        assertThrows(IllegalArgumentException.class, () -> w.consume(-1));
        assertThrows(IllegalArgumentException.class, () -> w.expand(0));
        assertThrows(IllegalArgumentException.class, () -> new FlowWindow(-1, 10));
        assertThrows(IllegalArgumentException.class, () -> new FlowWindow(1, -10));
    }

    @Test
    void aLenientWindowCountsWhatTheRulesRefuseAndAppliesItHeldToAnInt() {
        FlowWindow.Overflows overflows = new FlowWindow.Overflows();
        FlowWindow w = FlowWindow.lenient(1, 10, overflows);
        w.consume(15);
        assertEquals(-5, w.size(), "DATA past the window takes it below 0, as the sender did");
        w.expand(FlowWindow.MAX_SIZE);
        w.expand(10);
        assertEquals(FlowWindow.MAX_SIZE, w.size(), "past 2^31-1 it stays at 2^31-1");
        w.applyInitialSizeDelta(10);
        assertEquals(FlowWindow.MAX_SIZE, w.size(), "so does a SETTINGS change past it");
        assertEquals(3, overflows.count(), "each refused change counted once");
        w.consume(0);
        FlowWindow.lenient(0, 100, overflows).consume(100);
        assertEquals(3, overflows.count(), "changes the rules allow count nothing");
    }
}
