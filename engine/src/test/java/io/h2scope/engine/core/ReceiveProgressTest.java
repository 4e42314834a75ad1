package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Limits#headerBlockTimeoutNanos()} and {@link Limits#minRequestBodyRate()} on a virtual clock:
 * a field block whose CONTINUATION never comes, and a request body dribbled (SEC-14, slowloris).
 */
class ReceiveProgressTest {

    private static final long SECOND = 1_000_000_000L;

    private static CoreHarness server(Limits limits) {
        return CoreHarness.server(ConnectionConfig.DEFAULTS.withLimits(limits)).handshake();
    }

    @Test
    void aFieldBlockWithoutEndHeadersEndsTheConnectionAtTheTimeout() {
        CoreHarness p = server(Limits.DEFAULTS);
        byte[] block = p.block(get("/"));
        p.frame(HeadersFrame.of(1, Arrays.copyOf(block, 3), true, false));
        long start = p.now;
        p.conn.tick(start + 10 * SECOND - 1);
        p.expectNoError();
        p.conn.tick(start + 10 * SECOND);
        assertTrue(new String(p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM).debugData()).contains("END_HEADERS"));
    }

    @Test
    void aFieldBlockFinishedInTimeIsServed() {
        CoreHarness p = server(Limits.DEFAULTS);
        byte[] block = p.block(get("/"));
        p.frame(HeadersFrame.of(1, Arrays.copyOf(block, 3), true, false));
        p.now += 9 * SECOND;
        p.frame(ContinuationFrame.of(1, Arrays.copyOfRange(block, 3, block.length), true));
        p.conn.tick(p.now + 20 * SECOND);
        p.expectNoError();
        assertEquals(1, p.events.all(Event.HeadersReceived.class).size());
    }

    @Test
    void aBodyDribbledOneOctetEveryTenSecondsGets408AfterTheGrace() {
        CoreHarness p = server(Limits.DEFAULTS);
        p.headers(1, post("/echo", 100), false);
        long start = p.now;
        int sent = 0;
        for (long t = 10 * SECOND; t <= 20 * SECOND; t += 10 * SECOND) {
            p.now = start + t - 1_000;
            p.frame(DataFrame.of(1, new byte[1], false));
            sent++;
            p.conn.tick(p.now + 500);
        }
        p.expectNoError(); // 20 s of grace plus 2 ms per octet received
        p.conn.tick(start + 20 * SECOND + sent * 2_000_000L + 1_000_000L);
        p.read();
        List<Frame> frames = p.received;
        HeadersFrame response = (HeadersFrame) frames.stream().filter(f -> f instanceof HeadersFrame).findFirst()
                .orElseThrow(() -> new AssertionError("no response in " + frames));
        assertEquals(List.of(new HeaderField(":status", "408")), p.decode(response));
        p.expectRst(1, ErrorCode.NO_ERROR);
        Event.RequestRefused refused = p.events.last(Event.RequestRefused.class);
        assertEquals(408, refused.status());
        assertTrue(refused.reason().contains("minRequestBodyRate"), refused.reason());
    }

    @Test
    void aBodyAtTheMinimumRateIsNotCutOff() {
        CoreHarness p = server(Limits.builder().minRequestBodyRate(1000, java.time.Duration.ofSeconds(2)).build());
        p.headers(1, post("/echo", 60_000), false);
        long start = p.now;
        for (int s = 1; s <= 60; s++) {
            p.now = start + s * SECOND - 1_000;
            p.frame(DataFrame.of(1, new byte[1000], s == 60));
            p.conn.consumed(1, 1000);
            p.conn.tick(p.now + 500);
        }
        p.expectNoError();
        assertTrue(p.events.last(Event.DataReceived.class).endStream());
    }

    @Test
    void timeBlockedOnOurOwnClosedWindowDoesNotCountAgainstThePeer() {
        // the application reads nothing: the 64 KiB stream window fills at once, then the peer must wait for us
        CoreHarness p = server(Limits.builder().minRequestBodyRate(1000, java.time.Duration.ofSeconds(5)).build());
        p.headers(1, post("/echo", 70_000), false);
        long start = p.now;
        for (int i = 0; i < 4; i++) {
            p.frame(DataFrame.of(1, new byte[16_383], false));
        }
        p.frame(DataFrame.of(1, new byte[3], false)); // 65,535: the stream window is closed
        for (long t = SECOND; t <= 600 * SECOND; t += SECOND) {
            p.conn.tick(start + t);
        }
        p.expectNoError();
        // the window opens: from here the peer's own pace counts, and it sends nothing more
        p.conn.consumed(1, 65_535);
        long reopened = start + 600 * SECOND;
        p.conn.tick(reopened + SECOND);
        p.expectNoError();
        for (long t = 2 * SECOND; t <= 80 * SECOND; t += SECOND) {
            p.conn.tick(reopened + t);
        }
        assertEquals(408, p.events.last(Event.RequestRefused.class).status());
    }

    @Test
    void theRateSetToZeroLeavesASilentBodyAlone() {
        CoreHarness p = server(Limits.builder().minRequestBodyRate(0, java.time.Duration.ZERO).build());
        p.headers(1, post("/echo", 100), false);
        p.conn.tick(p.now + 3600 * SECOND);
        p.expectNoError();
    }
}
