package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.stream.StreamState;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Small WINDOW_UPDATE credits are coalesced, not answered one DATA frame each (SEC-04, CVE-2019-9511). */
class CreditCoalescingTest {

    private static final long MS = 1_000_000L;

    /** A server answering stream 1 with {@code bodyBytes} to a client whose INITIAL_WINDOW_SIZE is {@code initialWindow}. */
    private static CoreHarness serving(Limits limits, int initialWindow, int bodyBytes) {
        CoreHarness p = CoreHarness.server(ConnectionConfig.DEFAULTS.withLimits(limits)).handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x4, initialWindow)));
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), false);
        p.conn.sendData(1, ByteBuffer.wrap(new byte[bodyBytes]), true);
        return p;
    }

    private static int[] dataFramesAndOctets(List<Frame> frames) {
        int count = 0;
        int octets = 0;
        for (Frame f : frames) {
            if (f instanceof DataFrame d) {
                count++;
                octets += d.data().length;
            }
        }
        return new int[] {count, octets};
    }

    @Test
    void aThousandOneOctetCreditsOnAZeroWindowBuyAFewFramesNotAThousand() {
        CoreHarness p = serving(Limits.DEFAULTS, 0, 100_000);
        p.read();
        long start = p.now;
        for (int i = 0; i < 1000; i++) {
            p.now = start + i * 10 * MS; // over 10 s
            p.frame(WindowUpdateFrame.of(1, 1));
        }
        p.conn.tick(p.now + 200 * MS);
        int[] sent = dataFramesAndOctets(p.read());
        // at most one frame below the floor per override delay (200 ms) over 10 s, and all credit used
        assertTrue(sent[0] <= 10_000 / 200 + 1, sent[0] + " DATA frames for 1000 one-octet credits");
        assertEquals(1000, sent[1], "every octet of credit is used in the end");
        p.expectNoError();
    }

    @Test
    void aPeerWithAHundredOctetWindowGettingOneOctetCreditsGetsHalfWindowFrames() {
        CoreHarness p = serving(Limits.DEFAULTS, 100, 100_000);
        p.read(); // the first 100 octets
        for (int i = 0; i < 1000; i++) {
            p.frame(WindowUpdateFrame.of(1, 1)); // 1 µs apart: the override delay never passes
        }
        int[] sent = dataFramesAndOctets(p.read());
        // the first small credit is used at once, then one frame per 50 octets (half the window)
        assertTrue(sent[0] <= 21, sent[0] + " DATA frames for 1000 one-octet credits");
        assertTrue(sent[1] >= 951, sent[1] + " of 1000 octets of credit used");
    }

    @Test
    void aPeerWhoseWholeWindowIsAHundredOctetsGetsTheWholeBody() {
        CoreHarness p = serving(Limits.DEFAULTS, 100, 10_000);
        int received = 0;
        int frames = 0;
        boolean ended = false;
        for (int round = 0; round < 200 && !ended; round++) {
            for (Frame f : p.read()) {
                if (f instanceof DataFrame d) {
                    frames++;
                    received += d.data().length;
                    ended |= d.endStream();
                    p.frame(WindowUpdateFrame.of(1, d.data().length)); // a reader that credits what it read
                    p.frame(WindowUpdateFrame.of(0, d.data().length));
                }
            }
        }
        assertEquals(10_000, received);
        assertTrue(ended, "END_STREAM arrived");
        assertEquals(100, frames, "100-octet frames, no slivers");
        assertEquals(StreamState.CLOSED, p.conn.streamState(1));
    }

    @Test
    void theFirstSmallCreditIsUsedAtOnceAndTheNextAfterTheOverrideDelay() {
        CoreHarness p = serving(Limits.DEFAULTS, 0, 10);
        p.read();
        p.frame(WindowUpdateFrame.of(1, 1));
        assertEquals(1, dataFramesAndOctets(p.read())[1], "a window opened by 1 octet gets its octet (h2spec generic/2/2)");
        p.frame(WindowUpdateFrame.of(1, 3));
        assertEquals(0, dataFramesAndOctets(p.read())[0], "3 of the 9 octets left, just after a small frame: held");
        p.conn.tick(p.now + 200 * MS);
        assertEquals(3, dataFramesAndOctets(p.read())[1], "sent once the override delay passed: no deadlock");
    }

    @Test
    void creditsThatBuyNothingAreGlitches() {
        CoreHarness p = serving(Limits.builder().glitches(50, 0).build(), 100, 100_000);
        for (int i = 0; i < 50; i++) {
            p.frame(WindowUpdateFrame.of(1, 1));
        }
        p.expectNoError();
        for (int i = 0; i < 10; i++) {
            p.frame(WindowUpdateFrame.of(1, 1));
        }
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void creditsThatLetAFrameGoAreNotGlitches() {
        CoreHarness p = serving(Limits.builder().glitches(5, 0).build(), 100, 100_000);
        for (int i = 0; i < 100; i++) {
            p.read();
            p.frame(WindowUpdateFrame.of(1, 100));
        }
        p.expectNoError();
    }
}
