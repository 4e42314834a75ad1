package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.post;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each limit of {@link Limits}: one test at the limit (passes) and one over it (trips), RFC 9113 §10.5. */
class LimitsTest {

    private static CoreHarness server(Limits limits) {
        return CoreHarness.server(ConnectionConfig.DEFAULTS.withLimits(limits)).handshake();
    }

    @Test
    void rapidResetAtAndOverTheBudget_sec13() {
        CoreHarness p = server(Limits.builder().rstReceived(3, 0).build());
        for (int id = 1; id <= 5; id += 2) {
            p.headers(id, get("/"), true);
            p.frame(RstStreamFrame.of(id, ErrorCode.CANCEL));
        }
        p.expectNoError();
        p.headers(7, get("/"), true);
        p.frame(RstStreamFrame.of(7, ErrorCode.CANCEL));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void rapidResetBudgetRefillsWithPassedInTime_sec13() {
        CoreHarness p = server(Limits.builder().rstReceived(1, 1).build());
        p.headers(1, get("/"), true);
        p.frame(RstStreamFrame.of(1, ErrorCode.CANCEL));
        p.now += 1_000_000_000L; // one token back
        p.headers(3, get("/"), true);
        p.frame(RstStreamFrame.of(3, ErrorCode.CANCEL));
        p.expectNoError();
    }

    @Test
    void madeYouResetAtAndOverTheBudget_sec15() {
        CoreHarness p = server(Limits.builder().rstSent(2, java.time.Duration.ofSeconds(30)).build());
        for (int id = 1; id <= 3; id += 2) {
            p.headers(id, get("/"), false);
            p.frame(WindowUpdateFrame.of(id, 0)); // provokes our RST_STREAM
        }
        p.expectRst(3, ErrorCode.PROTOCOL_ERROR);
        p.headers(5, get("/"), false);
        p.frame(WindowUpdateFrame.of(5, 0));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void continuationFramesPerBlock_sec14() {
        CoreHarness ok = server(Limits.DEFAULTS);
        sendInContinuations(ok, 1, 8);
        ok.expectNoError();
        assertEquals(StreamState.HALF_CLOSED_REMOTE, ok.conn.streamState(1));

        CoreHarness over = server(Limits.DEFAULTS);
        sendInContinuations(over, 1, 9);
        over.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void zeroLengthContinuationsAreCountedToo_sec14() {
        CoreHarness p = server(Limits.DEFAULTS);
        byte[] block = p.block(get("/"));
        p.frame(HeadersFrame.of(1, block, true, false));
        for (int i = 0; i < 8; i++) {
            p.frame(ContinuationFrame.of(1, new byte[0], false));
        }
        p.expectNoError();
        p.frame(ContinuationFrame.of(1, new byte[0], false));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void fieldBlockBytes_sec14() {
        CoreHarness ok = server(Limits.builder().maxHeaderListSize(1_000).build()); // block cap 2,000
        ok.frame(HeadersFrame.of(1, new byte[0], false, false));
        ok.frame(ContinuationFrame.of(1, literals(ok, 1_000), false));
        ok.expectNoError();

        CoreHarness over = server(Limits.builder().maxHeaderListSize(1_000).build());
        over.frame(HeadersFrame.of(1, literals(over, 1_500), false, false));
        over.frame(ContinuationFrame.of(1, literals(over, 600), false));
        over.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void settingsEntriesPerFrame_sec08() {
        CoreHarness ok = server(Limits.DEFAULTS);
        ok.frame(SettingsFrame.of(unknownSettings(32)));
        ok.expectNoError();
        CoreHarness over = server(Limits.DEFAULTS);
        over.frame(SettingsFrame.of(unknownSettings(33)));
        over.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void settingsRate_sec08() {
        CoreHarness p = server(Limits.builder().settingsRate(3, 0).build()); // the handshake's SETTINGS took one
        p.frame(SettingsFrame.of(List.of()));
        p.frame(SettingsFrame.of(List.of()));
        p.expectNoError();
        p.frame(SettingsFrame.of(List.of()));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void pingRate_sec05() {
        CoreHarness p = server(Limits.builder().pingRate(3, 0).build());
        for (int i = 0; i < 3; i++) {
            p.frame(PingFrame.of(i));
        }
        p.expectNoError();
        p.frame(PingFrame.of(3));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void consecutiveEmptyDataFrames_sec11() {
        CoreHarness p = server(Limits.DEFAULTS);
        p.headers(1, get("/"), false);
        p.frame(DataFrame.of(1, new byte[0], false));
        p.frame(DataFrame.of(1, new byte[0], false));
        p.frame(DataFrame.of(1, new byte[1], false)); // resets the run
        p.frame(DataFrame.of(1, new byte[0], false));
        p.frame(DataFrame.of(1, new byte[0], false));
        p.expectNoError();
        p.frame(DataFrame.of(1, new byte[0], false));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void glitchesSuchAsPriorityFlood_sec06() {
        CoreHarness p = server(Limits.builder().glitches(5, 0).build());
        for (int i = 0; i < 5; i++) {
            p.frame(PriorityFrame.of(1, new Priority(0, false, 16)));
        }
        p.expectNoError();
        p.frame(PriorityFrame.of(1, new Priority(0, false, 16)));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void unreadControlFrames_peerThatNeverReads_sec05() {
        CoreHarness p = server(Limits.builder().maxQueuedControlFrames(10).build());
        for (int i = 0; i < 10; i++) {
            p.frame(PingFrame.of(i)); // ten PING ACKs queued, never drained
        }
        assertEquals(10, p.conn.queuedControlFrames());
        assertTrue(p.events.all(Event.ConnectionErrorRaised.class).isEmpty());
        p.read(); // the peer reads: the backlog is gone
        assertEquals(0, p.conn.queuedControlFrames());
        for (int i = 0; i < 10; i++) {
            p.frame(PingFrame.of(i));
        }
        p.frame(PingFrame.of(11));
        p.expectGoAway(ErrorCode.ENHANCE_YOUR_CALM);
    }

    @Test
    void maxConcurrentStreams_atAndOver() {
        CoreHarness p = server(Limits.DEFAULTS);
        for (int i = 0; i < 100; i++) {
            p.headers(1 + 2 * i, get("/"), false);
        }
        p.expectNoError();
        p.headers(201, get("/"), false);
        p.expectRst(201, ErrorCode.REFUSED_STREAM);
    }

    @Test
    void maxFrameSize_atAndOver_rfc9113_4_2() {
        CoreHarness p = server(Limits.DEFAULTS);
        p.headers(1, post("/", 40_000), false);
        p.frame(DataFrame.of(1, new byte[16_384], false));
        p.expectNoError();
        p.raw(0x0, 0, 1, new byte[16_385]);
        p.expectRst(1, ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void headerListSize_justBelowIsAccepted() {
        CoreHarness p = server(Limits.builder().maxHeaderListSize(400).build());
        List<HeaderField> h = new ArrayList<>(get("/"));
        int size = h.stream().mapToInt(HeaderField::size).sum();
        h.add(new HeaderField("x", "v".repeat(400 - size - 33)));
        p.headers(1, h, true);
        p.expectNoError();
        assertEquals(Event.HeadersKind.REQUEST, p.events.last(Event.HeadersReceived.class).kind());
    }

    @Test
    void requestBodyDeclaredByContentLength_413() {
        CoreHarness ok = server(Limits.builder().maxRequestBodyBytes(100).build());
        ok.headers(1, post("/", 100), false);
        ok.expectNoError();
        CoreHarness over = server(Limits.builder().maxRequestBodyBytes(100).build());
        over.headers(1, post("/", 101), false);
        HeadersFrame response = over.readAll(HeadersFrame.class).get(0);
        assertEquals("413", HeaderSections.valueOf(over.decode(response), ":status"));
        over.expectRst(1, ErrorCode.NO_ERROR);
        assertEquals(413, over.events.last(Event.RequestRefused.class).status());
    }

    @Test
    void requestBodyCountedAsItArrives_413() {
        List<HeaderField> noLength = get("/upload").stream()
                .map(f -> f.name().equals(":method") ? new HeaderField(":method", "POST") : f).toList();
        CoreHarness ok = server(Limits.builder().maxRequestBodyBytes(100).build());
        ok.headers(1, noLength, false);
        ok.frame(DataFrame.of(1, new byte[100], true));
        ok.expectNoError();
        CoreHarness over = server(Limits.builder().maxRequestBodyBytes(100).build());
        over.headers(1, noLength, false);
        over.frame(DataFrame.of(1, new byte[60], false));
        over.frame(DataFrame.of(1, new byte[41], false));
        over.expectRst(1, ErrorCode.NO_ERROR);
        assertEquals(1, over.events.all(Event.DataReceived.class).size(), "the DATA over the limit is not delivered");
    }

    @Test
    void dataIsProducedOnlyWhileOutputIsDrained_sec10() {
        CoreHarness p = server(Limits.builder().maxOutputBufferBytes(20_000).build());
        p.frame(SettingsFrame.of(new RawSetting(0x4, 1 << 20)));
        p.frame(WindowUpdateFrame.of(0, 1 << 20));
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), false);
        p.conn.sendData(1, ByteBuffer.wrap(new byte[200_000]), true);
        ByteBuffer small = ByteBuffer.allocate(1_000_000);
        int before = p.conn.streams().isEmpty() ? 0 : (int) p.conn.streams().get(0).queuedBytes();
        assertTrue(before > 150_000, "most of the body waits: " + before);
        p.conn.drainOutput(small);
        assertTrue(p.conn.streams().get(0).queuedBytes() < before, "draining lets more DATA out");
    }

    private static void sendInContinuations(CoreHarness p, int streamId, int continuations) {
        byte[] block = p.block(get("/"));
        int parts = continuations + 1;
        int step = Math.max(1, block.length / parts);
        p.frame(HeadersFrame.of(streamId, Arrays.copyOf(block, step), true, false));
        for (int i = 1; i < parts; i++) {
            int from = i * step;
            int to = i == parts - 1 ? block.length : from + step;
            p.frame(ContinuationFrame.of(streamId, Arrays.copyOfRange(block, from, to), i == parts - 1));
        }
    }

    /** Roughly {@code n} octets of literal (never-indexed) fields. */
    private static byte[] literals(CoreHarness p, int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 0x10); // never-indexed literal, new name, empty strings... as raw filler bytes
        return b;
    }

    private static List<RawSetting> unknownSettings(int n) {
        List<RawSetting> s = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            s.add(new RawSetting(0x100 + i, i));
        }
        return s;
    }
}
