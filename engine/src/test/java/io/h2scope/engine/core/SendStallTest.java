package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.stream.StreamState;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Limits#sendStallTimeoutNanos()} on a virtual clock: DATA waiting on a closed window (SEC-12). */
class SendStallTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long STALL = 60 * SECOND;

    /** A server whose client set {@code initialWindow} and asked for stream 1; the response's DATA is queued. */
    private static CoreHarness stalledServer(Limits limits, int initialWindow, int bodyBytes) {
        CoreHarness p = CoreHarness.server(ConnectionConfig.DEFAULTS.withLimits(limits)).handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x4, initialWindow)));
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), false);
        p.conn.sendData(1, ByteBuffer.wrap(new byte[bodyBytes]), true);
        p.read();
        return p;
    }

    @Test
    void aStreamWithDataAndAZeroWindowIsResetWithCancelAtTheTimeoutAndItsDataFreed() {
        CoreHarness p = stalledServer(Limits.DEFAULTS, 0, 83_000);
        assertEquals(83_000, p.conn.queuedDataBytes(1));
        long start = p.now;
        p.conn.tick(start + STALL - SECOND);
        p.expectNoError();
        p.conn.tick(start + STALL);
        p.expectRst(1, ErrorCode.CANCEL);
        assertEquals(0, p.conn.queuedDataBytes(1), "queued DATA dropped");
        assertEquals(StreamState.CLOSED, p.conn.streamState(1));
        Event.StreamErrorRaised told = p.events.last(Event.StreamErrorRaised.class);
        assertEquals(1, told.error().streamId());
        assertTrue(told.error().getMessage().contains("sendStallTimeout"), told.error().getMessage());
    }

    @Test
    void creditThatLetsAFrameGoRestartsTheClock() {
        CoreHarness p = stalledServer(Limits.DEFAULTS, 0, 100_000);
        long start = p.now;
        p.now = start + STALL - SECOND;
        p.frame(WindowUpdateFrame.of(1, 16_384));
        assertEquals(100_000 - 16_384, p.conn.queuedDataBytes(1));
        p.conn.tick(start + STALL + SECOND);
        p.expectNoError();
        p.conn.tick(p.now + STALL);
        p.expectRst(1, ErrorCode.CANCEL);
    }

    @Test
    void tinyCreditsHeldBelowTheSendFloorDoNotCountAsProgress() {
        CoreHarness p = stalledServer(Limits.DEFAULTS, 0, 100_000);
        long start = p.now;
        for (int i = 0; i < 59; i++) {
            p.now = start + i * SECOND;
            p.frame(WindowUpdateFrame.of(1, 1)); // each below the floor: coalesced, or sent by the override delay
            p.conn.tick(p.now + SECOND / 2);
        }
        p.conn.tick(start + STALL);
        p.expectRst(1, ErrorCode.CANCEL);
    }

    @Test
    void aClosedConnectionWindowWithDataWaitingEndsTheConnectionWithEnhanceYourCalm() {
        // the stream window is wide, the connection's 65,535 octets are used up by the first part of the body
        CoreHarness p = stalledServer(Limits.DEFAULTS, 1 << 20, 200_000);
        assertTrue(p.conn.connectionSendWindow() < 16_384, "less than a frame left on the connection");
        long start = p.now;
        p.conn.tick(start + STALL - SECOND);
        p.expectNoError();
        p.conn.tick(start + STALL);
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void theTimeoutSetToZeroLeavesAStalledStreamAlone() {
        CoreHarness p = stalledServer(Limits.builder().sendStallTimeout(java.time.Duration.ZERO).build(), 0, 1_000);
        p.conn.tick(p.now + 10 * STALL);
        p.expectNoError();
        assertEquals(1_000, p.conn.queuedDataBytes(1));
    }

    @Test
    void aNegativeWindowAfterSettingsCountsAsClosed() {
        CoreHarness p = stalledServer(Limits.builder().sendStallTimeout(java.time.Duration.ofSeconds(5)).build(), 100, 1_000);
        p.frame(SettingsFrame.of(new RawSetting(0x4, 0))); // the 100 octets already sent take the window to -100
        long start = p.now;
        p.frame(WindowUpdateFrame.of(1, 50)); // -50: still closed
        p.conn.tick(start + 5 * SECOND);
        p.expectRst(1, ErrorCode.CANCEL);
    }

    @Test
    void eachStalledStreamIsReportedWithSinceWhenItWaitedAndWhatItHolds() {
        CoreHarness p = stalledServer(Limits.DEFAULTS, 0, 83_000);
        long first = p.now;
        p.now += 7 * SECOND;
        p.headers(3, get("/"), true);
        p.conn.sendHeaders(3, status(200), false);
        p.conn.sendData(3, ByteBuffer.wrap(new byte[1_000]), true);
        long second = p.now;
        java.util.Map<Integer, long[]> seen = new java.util.TreeMap<>();
        p.conn.forEachStalledStream((id, since, bytes) -> seen.put(id, new long[] {since, bytes}));
        assertEquals(2, seen.size(), seen.keySet().toString());
        assertEquals(first, seen.get(1)[0]);
        assertEquals(83_000, seen.get(1)[1]);
        assertEquals(second, seen.get(3)[0]);
        assertEquals(1_000, seen.get(3)[1]);
        assertEquals(84_000, p.conn.queuedDataBytes(), "all streams together");
        p.frame(WindowUpdateFrame.of(3, 1_000)); // stream 3 sends its body: no longer stalled
        seen.clear();
        p.conn.forEachStalledStream((id, since, bytes) -> seen.put(id, new long[] {since, bytes}));
        assertEquals(java.util.Set.of(1), seen.keySet());
        assertEquals(83_000, p.conn.queuedDataBytes(), "what stream 3 sent is counted off once");
    }
}
