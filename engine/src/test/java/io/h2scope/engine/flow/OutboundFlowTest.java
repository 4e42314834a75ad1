package io.h2scope.engine.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import org.junit.jupiter.api.Test;

class OutboundFlowTest {

    private final OutboundFlow flow = new OutboundFlow();

    @Test
    void sendableIsTheLeastOfBothWindows_rfc9113_6_9_1() {
        flow.openStream(1);
        assertEquals(100, flow.sendable(1, 100));
        assertEquals(65_535, flow.sendable(1, 1_000_000));
        flow.onWindowUpdate(1, 100_000);
        assertEquals(65_535, flow.sendable(1, 1_000_000), "the connection window limits");
        flow.onWindowUpdate(0, 200_000);
        assertEquals(165_535, flow.sendable(1, 1_000_000), "now the stream window limits");
        assertEquals(0, flow.sendable(3, 10), "untracked stream");
        assertEquals(0, flow.sendable(1, 0));
    }

    @Test
    void sendingShrinksBothWindows_rfc9113_6_9_1() {
        flow.openStream(1);
        flow.openStream(3);
        flow.onSent(1, 60_000);
        assertEquals(5_535, flow.connectionWindow());
        assertEquals(5_535, flow.streamWindow(1));
        assertEquals(5_535, flow.sendable(3, 65_535), "stream 3 is held back by the connection");
        assertThrows(IllegalStateException.class, () -> flow.onSent(3, 5_536));
        assertThrows(IllegalStateException.class, () -> flow.onSent(5, 1));
    }

    @Test
    void zeroIncrementOnAStreamIsAStreamProtocolError_rfc9113_6_9() {
        flow.openStream(1);
        StreamError e = assertThrows(StreamError.class, () -> flow.onWindowUpdate(1, 0));
        assertEquals(1, e.streamId());
        assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9"), e.spec());
    }

    @Test
    void zeroIncrementOnTheConnectionIsAConnectionProtocolError_rfc9113_6_9() {
        ConnectionError e = assertThrows(ConnectionError.class, () -> flow.onWindowUpdate(0, 0));
        assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9"), e.spec());
    }

    @Test
    void streamWindowOverflowIsAStreamFlowControlError_rfc9113_6_9_1() {
        flow.openStream(1);
        flow.onWindowUpdate(1, FlowWindow.MAX_SIZE - 65_535);
        StreamError e = assertThrows(StreamError.class, () -> flow.onWindowUpdate(1, 1));
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9.1"), e.spec());
    }

    @Test
    void connectionWindowOverflowIsAConnectionFlowControlError_rfc9113_6_9_1() {
        ConnectionError e = assertThrows(ConnectionError.class, () -> flow.onWindowUpdate(0, FlowWindow.MAX_SIZE));
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9.1"), e.spec());
    }

    @Test
    void windowUpdateOnAnUntrackedStreamIsIgnored_rfc9113_6_9() {
        flow.onWindowUpdate(9, 1_000);
        assertEquals(0, flow.streamWindow(9));
        assertEquals(65_535, flow.connectionWindow());
    }

    @Test
    void initialWindowChangeMovesEveryStreamButNotTheConnection_rfc9113_6_9_2() {
        flow.openStream(1);
        flow.openStream(3);
        flow.onSent(1, 60 * 1024);
        flow.onInitialWindowSizeChange(16 * 1024);
        assertEquals(-44 * 1024, flow.streamWindow(1));
        assertEquals(16 * 1024, flow.streamWindow(3));
        assertEquals(65_535 - 60 * 1024, flow.connectionWindow());
        assertEquals(0, flow.sendable(1, 10), "a negative window sends nothing");
        flow.openStream(5);
        assertEquals(16 * 1024, flow.streamWindow(5), "new streams use the new initial size");
    }

    @Test
    void initialWindowChangeOverflowIsAConnectionError_rfc9113_6_9_2() {
        flow.openStream(1);
        flow.onWindowUpdate(1, 1_000);
        ConnectionError e = assertThrows(ConnectionError.class, () -> flow.onInitialWindowSizeChange(FlowWindow.MAX_SIZE));
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9.2"), e.spec());
    }

    @Test
    void closedStreamsAreForgotten() {
        flow.openStream(1);
        flow.closeStream(1);
        assertEquals(0, flow.sendable(1, 10));
        assertThrows(IllegalArgumentException.class, () -> flow.openStream(0));
        assertThrows(IllegalArgumentException.class, () -> flow.onWindowUpdate(1, -1));
    }
}
