package io.h2scope.inspector.model.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.Recording;

import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The frame list's filters, without JavaFX: each criterion's rows against a count made straight from the events. */
class FrameFilterTest {

    private static List<TraceEvent> exchange;
    private static List<FrameEvent> frames;
    private static Recording recording;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(40_000);
        frames = exchange.stream().filter(e -> e instanceof FrameEvent).map(e -> (FrameEvent) e).toList();
        recording = new Recording();
        recording.append(recording.addSource("exchange"), exchange);
    }

    private static List<Integer> rows(FrameFilter filter) {
        FilteredFrames list = new FilteredFrames(recording, filter);
        list.catchUp(() -> false);
        return java.util.stream.IntStream.range(0, list.size()).map(list::frameNumber).boxed().toList();
    }

    private static long count(Predicate<FrameEvent> which) {
        return frames.stream().filter(which).count();
    }

    @Test
    void everyFrameWithoutACriterion() {
        assertEquals(frames.size(), rows(FrameFilter.ALL).size());
        assertEquals(frames.get(5), recording.frame(rows(FrameFilter.ALL).get(5)));
    }

    @Test
    void aDisplayFilterIsOneMoreCriterionThatMustHold() {
        var headers = io.h2scope.inspector.model.filter.DisplayFilter.compile("type == HEADERS", null);
        long all = count(f -> f.frame().typeCode() == FrameType.HEADERS.code());
        assertEquals(all, rows(FrameFilter.ALL.withDisplay(headers)).size());
        assertEquals(count(f -> f.frame().typeCode() == FrameType.HEADERS.code() && f.direction() == Direction.INBOUND),
                rows(FrameFilter.ALL.withDisplay(headers).withDirection(Direction.INBOUND)).size());
        assertTrue(FrameFilter.ALL.withDisplay(io.h2scope.inspector.model.filter.DisplayFilter.ALL).all(),
                "an empty display filter lets every frame through");
    }

    @Test
    void eachCriterionKeepsTheFramesItNames() {
        long onStream3 = count(f -> f.streamId() == 3);
        assertTrue(onStream3 >= 3, "the POST has HEADERS and DATA both ways: " + onStream3);
        assertEquals(onStream3, rows(FrameFilter.ALL.withStream(3)).size());
        assertEquals(count(f -> f.streamId() == 0), rows(FrameFilter.ALL.withStream(0)).size());
        assertEquals(count(f -> f.frame().typeCode() == FrameType.DATA.code()),
                rows(FrameFilter.ALL.withType(FrameType.DATA.code())).size());
        long sent = count(f -> f.direction() == Direction.OUTBOUND);
        assertEquals(sent, rows(FrameFilter.ALL.withDirection(Direction.OUTBOUND)).size());
        assertEquals(frames.size() - sent, rows(FrameFilter.ALL.withDirection(Direction.INBOUND)).size());
        // free text over the summary: the response status and the request header of the third request
        assertEquals(3, rows(FrameFilter.ALL.withText(":STATUS: 200")).size(), "three responses, case ignored");
        assertEquals(1, rows(FrameFilter.ALL.withText("x-test: inspector")).size());
        FrameFilter both = FrameFilter.ALL.withStream(3).withType(FrameType.HEADERS.code());
        assertEquals(count(f -> f.streamId() == 3 && f.frame().typeCode() == 1), rows(both).size());
    }

    @Test
    void theConnectionCriterionSeparatesSources() {
        Recording two = new Recording();
        two.append(two.addSource("exchange"), exchange);
        two.append(two.addSource("broken"), BrokenExchange.events());
        FilteredFrames broken = new FilteredFrames(two, FrameFilter.ALL.withConnection(
                new ConnectionKey(1, BrokenExchange.CONNECTION)));
        broken.catchUp(() -> false);
        assertEquals(3, broken.size());
        assertEquals(frames.size(), broken.frameNumber(0), "the broken source's first frame comes after the exchange");
    }

    @Test
    void aListCatchesUpWithFramesThatArriveLaterAndFindsRows() {
        Recording growing = new Recording();
        int source = growing.addSource("growing");
        int half = exchange.size() / 2;
        growing.append(source, exchange.subList(0, half));
        FilteredFrames sent = new FilteredFrames(growing, FrameFilter.ALL.withDirection(Direction.OUTBOUND));
        int before = sent.catchUp(() -> false);
        growing.append(source, exchange.subList(half, exchange.size()));
        int after = sent.catchUp(() -> false);
        assertTrue(after > before, before + " then " + after);
        assertEquals(count(f -> f.direction() == Direction.OUTBOUND), after);
        int last = sent.frameNumber(after - 1);
        assertEquals(after - 1, sent.rowOf(last));
        int received = rows(FrameFilter.ALL.withDirection(Direction.INBOUND)).get(0);
        assertEquals(-1, sent.rowOf(received), "a received frame has no row among the sent ones");
    }

    @Test
    void anAbandonedListStopsAndResumes() {
        FilteredFrames list = new FilteredFrames(recording, FrameFilter.ALL.withType(FrameType.DATA.code()));
        list.catchUp(() -> true);
        assertEquals(0, list.scanned(), "abandoned before the first frame");
        list.catchUp(() -> false);
        assertEquals(recording.frameCount(), list.scanned());
        assertEquals(count(f -> f.frame().typeCode() == 0), list.size());
    }

    @Test
    void typedCriteriaAreParsedOrExplained() {
        assertNull(FrameFilter.parseStream(" "));
        assertEquals(5, FrameFilter.parseStream(" 5 "));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> FrameFilter.parseStream("-1"));
        assertTrue(bad.getMessage().contains("RFC 9113 §5.1.1"), bad.getMessage());
        assertEquals(FrameType.GOAWAY.code(), FrameFilter.parseType("goaway"));
        assertEquals(0xa, FrameFilter.parseType("0xa"));
        IllegalArgumentException type = assertThrows(IllegalArgumentException.class,
                () -> FrameFilter.parseType("HEADER"));
        assertTrue(type.getMessage().contains("not a frame type"), type.getMessage());
    }

    @Test
    void aPlaceholderIsNotContent() {
        Recording hidden = new Recording();
        HeadersFrame frame = HeadersFrame.of(1, new byte[0], true, true);
        FrameEvent credentials = new FrameEvent(1, 0, Direction.INBOUND, FrameHeader.of(frame), frame,
                List.of(new HeaderField(":path", "/"), new HeaderField("authorization", "****************")), 0, 0, 0, 0,
                StreamState.HALF_CLOSED_REMOTE);
        FrameEvent note = new FrameEvent(1, 1, Direction.INBOUND, FrameHeader.of(frame), frame,
                List.of(new HeaderField(":path", "/"), new HeaderField("x-note", "16 bytes")), 0, 0, 0, 0,
                StreamState.HALF_CLOSED_REMOTE);
        hidden.append(hidden.addSource("hidden"), List.of(credentials, note));
        assertTrue(FrameSummary.of(hidden, 0).contains("authorization: <redacted 16 bytes>"), FrameSummary.of(hidden, 0));
        FilteredFrames bytes = new FilteredFrames(hidden, FrameFilter.ALL.withText("bytes"));
        bytes.catchUp(() -> false);
        assertEquals(1, bytes.size(), "only the frame that holds the word");
        assertEquals(1, bytes.frameNumber(0));
        FilteredFrames redacted = new FilteredFrames(hidden, FrameFilter.ALL.withText("redacted"));
        redacted.catchUp(() -> false);
        assertEquals(0, redacted.size());
        FilteredFrames name = new FilteredFrames(hidden, FrameFilter.ALL.withText("authorization"));
        name.catchUp(() -> false);
        assertEquals(1, name.size(), "the name of a hidden field is content");
    }
}
