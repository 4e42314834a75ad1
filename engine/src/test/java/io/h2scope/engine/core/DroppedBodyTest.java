package io.h2scope.engine.core;

import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.flow.FlowRule;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request body the server will not read: its credit goes back to the connection only, the client is told to stop
 * with RST_STREAM NO_ERROR once the response is out (RFC 9113 §8.1; for a body merely left unread, once the client has
 * spent the stream window on it), and DATA beyond what the reset stream's window
 * still allowed ends the connection (§6.9.1) instead of being discarded, and credited, without end.
 */
class DroppedBodyTest {

    private static final int WINDOW = 65_535; // ConnectionConfig.DEFAULTS: the RFC's initial windows

    private static List<HeaderField> upload() {
        return List.of(new HeaderField(":method", "POST"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "localhost"), new HeaderField(":path", "/upload"));
    }

    /** A server with stream 1 open: a POST whose body has begun with {@code firstBytes} octets. */
    private static CoreHarness uploading(ConnectionConfig config, int firstBytes) {
        CoreHarness p = CoreHarness.server(config).handshake();
        p.headers(1, upload(), false);
        p.frame(DataFrame.of(1, new byte[firstBytes], false));
        p.read();
        return p;
    }

    private static void respondWhole(CoreHarness p, int bodyBytes) {
        p.conn.sendHeaders(1, status(413), false);
        p.conn.sendData(1, ByteBuffer.wrap(new byte[bodyBytes]), true);
    }

    @Test
    void aResponseThatEndedBeforeTheBodyIsFollowedByRstStreamNoError_rfc9113_8_1() {
        CoreHarness p = uploading(ConnectionConfig.DEFAULTS, 1_000);
        respondWhole(p, 10);
        p.conn.stopRequestBody(1);
        p.expectRst(1, ErrorCode.NO_ERROR);
    }

    /** An answer before the request body's first 1,000 octets were read; they are thrown away. */
    private static CoreHarness answeredEarly() {
        CoreHarness p = uploading(ConnectionConfig.DEFAULTS, 1_000);
        respondWhole(p, 10);
        p.conn.stopRequestBodyWhenWindowSpent(1);
        p.conn.discard(1, 1_000);
        return p;
    }

    @Test
    void aBodyLeftUnreadIsStoppedOnlyOnceTheClientHasSpentTheStreamWindowOnIt() {
        CoreHarness p = answeredEarly();
        p.expectNoError(); // a short body after an early answer: the request may still end as usual
        p.received.clear();
        int rest = WINDOW - 1_000;
        sendBody(p, 1, rest);
        p.conn.discard(1, rest);
        p.expectRst(1, ErrorCode.NO_ERROR);
    }

    @Test
    void aShortBodyAfterAnEarlyAnswerEndsTheRequestWithoutAReset() {
        CoreHarness p = answeredEarly();
        p.frame(DataFrame.of(1, new byte[500], true));
        p.conn.discard(1, 500);
        p.expectNoError(); // no RST_STREAM: the request ended as usual
    }

    @Test
    void theResetWaitsUntilTheQueuedResponseHasSentItsEndStream() {
        CoreHarness p = CoreHarness.server(ConnectionConfig.DEFAULTS).handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x4, 0))); // the client's window: nothing of the response goes yet
        p.headers(1, upload(), false);
        respondWhole(p, 100);
        p.conn.stopRequestBody(1);
        p.expectNoError();
        p.frame(WindowUpdateFrame.of(1, 100));
        List<Frame> after = p.read();
        int end = indexOf(after, f -> f instanceof DataFrame d && d.endStream());
        int rst = indexOf(after, f -> f instanceof RstStreamFrame r && r.errorCode() == ErrorCode.NO_ERROR.code());
        assertTrue(end >= 0 && rst > end, "the DATA with END_STREAM, then RST_STREAM NO_ERROR: " + after);
    }

    @Test
    void discardedOctetsGoBackToTheConnectionWindowOnly_rfc9113_6_9() {
        CoreHarness p = uploading(ConnectionConfig.DEFAULTS, 16_384);
        p.frame(DataFrame.of(1, new byte[16_384], false));
        p.frame(DataFrame.of(1, new byte[16_384], false));
        p.read();
        p.conn.discard(1, 3 * 16_384);
        List<WindowUpdateFrame> updates = p.readAll(WindowUpdateFrame.class);
        assertTrue(updates.stream().anyMatch(u -> u.streamId() == 0), "the connection gets its credit: " + updates);
        assertTrue(updates.stream().noneMatch(u -> u.streamId() == 1), "the stream gets none: " + updates);
        assertEquals(WINDOW - 3 * 16_384, p.conn.streams().stream().filter(s -> s.id() == 1).findFirst().orElseThrow()
                .receiveWindow(), "the stream window stays spent");
    }

    @Test
    void dataInFlightWhenWeResetIsDiscardedAndMoreEndsTheConnection_rfc9113_6_9_1() {
        CoreHarness p = uploading(ConnectionConfig.DEFAULTS, 1_000);
        respondWhole(p, 10);
        p.conn.stopRequestBody(1);
        p.expectRst(1, ErrorCode.NO_ERROR);
        p.received.clear();
        int left = WINDOW - 1_000; // what the client could have sent before it saw the reset
        sendBody(p, 1, left);
        p.expectNoError();
        assertEquals(ConnectionState.OPEN, p.conn.state());
        p.frame(DataFrame.of(1, new byte[1], false));
        p.expectGoAway(ErrorCode.FLOW_CONTROL_ERROR);
        assertSame(FlowRule.DATA_AFTER_RESET_BEYOND_WINDOW, p.events.last(Event.ConnectionErrorRaised.class).error().rule());
    }

    @Test
    void aStreamRefusedAsItOpenedMayStillCarryOneInitialWindow_rfc9113_5_1_2() {
        CoreHarness p = uploading(ConnectionConfig.DEFAULTS.withLimits(Limits.builder().maxConcurrentStreams(1).build()), 10);
        p.headers(3, upload(), false);
        p.expectRst(3, ErrorCode.REFUSED_STREAM);
        p.received.clear();
        sendBody(p, 3, WINDOW);
        p.expectNoError();
        p.frame(DataFrame.of(3, new byte[1], false));
        p.expectGoAway(ErrorCode.FLOW_CONTROL_ERROR);
    }

    /** {@code bytes} of DATA on {@code streamId} in frames of at most 16,384 octets, the connection window kept open. */
    private static void sendBody(CoreHarness p, int streamId, int bytes) {
        for (int sent = 0; sent < bytes; sent += 16_384) {
            p.frame(DataFrame.of(streamId, new byte[Math.min(16_384, bytes - sent)], false));
            p.read(); // the connection's WINDOW_UPDATEs for what it discarded
        }
    }

    private static int indexOf(List<Frame> frames, java.util.function.Predicate<Frame> match) {
        for (int i = 0; i < frames.size(); i++) {
            if (match.test(frames.get(i))) {
                return i;
            }
        }
        return -1;
    }
}
