package io.h2scope.engine.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InboundFlowTest {

    private record Update(int streamId, int increment) {
    }

    private final List<Update> sent = new ArrayList<>();
    private final WindowUpdateSink sink = (id, inc) -> sent.add(new Update(id, inc));

    @Test
    void dataBeyondTheStreamWindowIsAStreamFlowControlError_rfc9113_6_9_1() {
        InboundFlow flow = new InboundFlow(100, WindowUpdatePolicy.MANUAL);
        flow.openStream(1);
        flow.onDataReceived(1, 100);
        StreamError e = assertThrows(StreamError.class, () -> flow.onDataReceived(1, 1));
        assertEquals(1, e.streamId());
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.9.1"), e.spec());
    }

    @Test
    void dataBeyondTheConnectionWindowIsAConnectionFlowControlError_rfc9113_6_9_1() {
        InboundFlow flow = new InboundFlow(FlowWindow.MAX_SIZE, WindowUpdatePolicy.MANUAL);
        flow.openStream(1);
        flow.onDataReceived(1, 65_535);
        ConnectionError e = assertThrows(ConnectionError.class, () -> flow.onDataReceived(1, 1));
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
    }

    @Test
    void dataOnUntrackedStreamsStillCountsForTheConnection_rfc9113_6_9() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.IMMEDIATE);
        flow.onDataReceived(7, 1_000);
        assertEquals(64_535, flow.connectionWindow());
        flow.onConsumed(7, 1_000, sink);
        assertEquals(List.of(new Update(0, 1_000)), sent);
        assertEquals(65_535, flow.connectionWindow());
    }

    @Test
    void immediateReturnsEveryConsumedByteOnStreamAndConnection_rfc9113_6_9() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.IMMEDIATE);
        flow.openStream(1);
        flow.onDataReceived(1, 500);
        assertEquals(65_035, flow.streamWindow(1));
        assertTrue(sent.isEmpty(), "received but not consumed: nothing returned yet");
        flow.onConsumed(1, 200, sink);
        assertEquals(List.of(new Update(1, 200), new Update(0, 200)), sent);
        assertEquals(65_235, flow.streamWindow(1));
        assertEquals(65_235, flow.connectionWindow());
        assertEquals(0, flow.unacknowledged(1));
    }

    @Test
    void ratioWaitsForHalfTheWindow_workedExample_rfc9113_6_9() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.HALF);
        flow.openStream(1);
        flow.onDataReceived(1, 65_535);
        flow.onConsumed(1, 16_384, sink);
        assertTrue(sent.isEmpty(), "16,384 < 32,767.5");
        assertEquals(16_384, flow.unacknowledged(1));
        flow.onConsumed(1, 16_384, sink);
        assertEquals(List.of(new Update(1, 32_768), new Update(0, 32_768)), sent);
        assertEquals(32_768, flow.streamWindow(1));
        assertEquals(0, flow.unacknowledged(0));
    }

    @Test
    void manualNeverSendsAndRecordsExplicitUpdates_rfc9113_6_9() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.MANUAL);
        flow.openStream(1);
        flow.onDataReceived(1, 1_000);
        flow.onConsumed(1, 1_000, sink);
        assertTrue(sent.isEmpty());
        assertEquals(1_000, flow.unacknowledged(1));
        flow.onWindowUpdateSent(1, 1_000);
        flow.onWindowUpdateSent(0, 1_000_000);
        assertEquals(65_535, flow.streamWindow(1));
        assertEquals(65_535 - 1_000 + 1_000_000, flow.connectionWindow());
        assertThrows(IllegalArgumentException.class, () -> flow.onWindowUpdateSent(0, FlowWindow.MAX_SIZE));
        assertThrows(IllegalArgumentException.class, () -> flow.onWindowUpdateSent(1, 0));
    }

    @Test
    void explicitGrantRaisesTheTargetThePolicyKeeps() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.HALF);
        flow.onWindowUpdateSent(0, 1_000_000 - 65_535);
        flow.openStream(1);
        flow.onWindowUpdateSent(1, 1_000_000 - 65_535);
        flow.onDataReceived(1, 400_000);
        flow.onConsumed(1, 400_000, sink);
        assertTrue(sent.isEmpty(), "400,000 < half of the 1,000,000 target");
        flow.onDataReceived(1, 100_000);
        flow.onConsumed(1, 100_000, sink);
        assertEquals(List.of(new Update(1, 500_000), new Update(0, 500_000)), sent);
    }

    @Test
    void closingAStreamReleasesItsUnconsumedBytesToTheConnection_rfc9113_6_9() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.IMMEDIATE);
        flow.openStream(1);
        flow.onDataReceived(1, 3_000);
        flow.closeStream(1, sink);
        assertEquals(List.of(new Update(0, 3_000)), sent);
        assertEquals(65_535, flow.connectionWindow());
        assertEquals(0, flow.streamWindow(1));
    }

    @Test
    void initialWindowChangeAdjustsTrackedStreams_rfc9113_6_9_2() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.MANUAL);
        flow.openStream(1);
        flow.onDataReceived(1, 60_000);
        flow.onInitialWindowSizeChange(16_384);
        assertEquals(16_384 - 60_000, flow.streamWindow(1));
        assertEquals(65_535 - 60_000, flow.connectionWindow(), "SETTINGS never changes the connection window");
        assertThrows(StreamError.class, () -> flow.onDataReceived(1, 1));
        assertEquals(65_535 - 60_001, flow.connectionWindow(), "§6.9: a frame in error still counts for the connection");
        flow.openStream(3);
        assertEquals(16_384, flow.streamWindow(3));
    }

    @Test
    void dataRejectedByItsStreamIsReturnedToTheConnection_rfc9113_6_9() {
        InboundFlow flow = new InboundFlow(10, WindowUpdatePolicy.IMMEDIATE);
        flow.openStream(1);
        assertThrows(StreamError.class, () -> flow.onDataReceived(1, 11));
        assertEquals(65_535 - 11, flow.connectionWindow());
        assertEquals(10, flow.streamWindow(1), "the stream window is untouched");
        flow.onDiscarded(11, sink);
        assertEquals(List.of(new Update(0, 11)), sent);
        assertEquals(65_535, flow.connectionWindow());
    }

    @Test
    void consumingMoreThanReceivedIsACallerBug() {
        InboundFlow flow = new InboundFlow(WindowUpdatePolicy.IMMEDIATE);
        flow.openStream(1);
        flow.onDataReceived(1, 10);
        assertThrows(IllegalArgumentException.class, () -> flow.onConsumed(1, 11, sink));
        assertThrows(IllegalArgumentException.class, () -> flow.onDataReceived(0, 1));
    }
}
