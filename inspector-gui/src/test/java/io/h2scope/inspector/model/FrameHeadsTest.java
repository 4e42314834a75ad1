package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.FrameDescriber;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.filter.DisplayFilter;
import io.h2scope.inspector.model.filter.FilteredFrames;
import io.h2scope.inspector.model.filter.FrameFilter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The frame list's line as a text filter searches it, built from what the recording keeps of each frame (its head and
 * its fields): the same line the frame read again would give, found by its flags, fields, error names and settings,
 * never by a hidden value's placeholder; no frame read again, but one whose head is past the bound.
 */
class FrameHeadsTest {

    private static List<TraceEvent> events;

    @BeforeAll
    static void record() throws Exception {
        events = new ArrayList<>(RecordedExchange.clientEvents(40_000));
        events.addAll(BrokenExchange.events());
    }

    /** Rows the display filter {@code text} and the bar's text {@code bar} each show (the same count, asserted). */
    private static int rows(Recording recording, String filter, String bar) {
        DisplayFilter.Matcher m = DisplayFilter.compile(filter, null).matcher(recording);
        int shown = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            shown += m.matches(f) ? 1 : 0;
        }
        FilteredFrames list = new FilteredFrames(recording, FrameFilter.ALL.withText(bar));
        list.catchUp(() -> false);
        assertEquals(shown, list.size(), filter + " and the bar's " + bar);
        return shown;
    }

    /** Frames whose summary, as the frame read again shows it, holds {@code text} (no value here is hidden). */
    private static int described(Recording recording, String text) {
        int n = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            n += FrameSummary.of(recording, f).toLowerCase(Locale.ROOT).contains(text) ? 1 : 0;
        }
        return n;
    }

    @Test
    void aTextFilterFindsFlagsFieldsAndErrorNamesWithoutReadingAFrameAgain() {
        PositionedRecording counted = new PositionedRecording(events);
        Recording recording = counted.recording();
        int[] shown = {
            rows(recording, "text ~ \"end_stream\"", "END_STREAM"),
            rows(recording, "text ~ \":status: 200\"", ":Status: 200"),
            rows(recording, "text ~ \"x-test: inspector\"", "x-test: inspector"),
            rows(recording, "text ~ \"protocol_error\"", "protocol_error"),
            rows(recording, "text ~ \"stream_closed\"", "stream_closed"),
            rows(recording, "text ~ \"increment=1000\"", "increment=1000"),
            rows(recording, "text ~ \"" + BrokenExchange.DEBUG + "\"", BrokenExchange.DEBUG),
        };
        assertEquals(0, counted.reads(), "no frame read again");
        assertEquals(3, shown[1], "the three responses");
        assertEquals(1, shown[2], "the third request's header");
        assertEquals(1, shown[3], "the GOAWAY");
        assertEquals(1, shown[4], "the RST_STREAM");
        assertEquals(1, shown[6], "the GOAWAY's debug data");
        String[] texts = {"end_stream", ":status: 200", "x-test: inspector", "protocol_error", "stream_closed",
            "increment=1000", BrokenExchange.DEBUG.toLowerCase(Locale.ROOT)};
        for (int i = 0; i < texts.length; i++) {
            assertEquals(described(recording, texts[i]), shown[i], texts[i]);
        }
        assertTrue(shown[0] > 3, "END_STREAM on requests and responses: " + shown[0]);
    }

    @Test
    void theLineIsTheSummaryOfTheFrameReadAgain() {
        Recording recording = new Recording();
        recording.append(recording.addSource("exchange"), events);
        for (int f = 0; f < recording.frameCount(); f++) {
            assertEquals(FrameSummary.of(recording, f).toLowerCase(Locale.ROOT), FrameSummary.searchable(recording, f),
                    "frame " + f);
        }
        int equal = rows(recording, "text == \"" + FrameSummary.of(recording, 0).replace("\"", "\\\"") + "\"",
                FrameSummary.of(recording, 0));
        assertTrue(equal >= 1, "a line equals itself");
    }

    @Test
    void aHiddenValuesPlaceholderIsNotFoundByItsWords() {
        Recording hidden = new Recording();
        HeadersFrame frame = HeadersFrame.of(1, new byte[0], true, true);
        FrameEvent credentials = new FrameEvent(1, 0, Direction.INBOUND, FrameHeader.of(frame), frame,
                List.of(new HeaderField(":path", "/"), new HeaderField("cookie", "************")), 0, 0, 0, 0,
                StreamState.HALF_CLOSED_REMOTE);
        FrameEvent note = new FrameEvent(1, 1, Direction.INBOUND, FrameHeader.of(frame), frame,
                List.of(new HeaderField(":path", "/"), new HeaderField("x-note", "12 bytes")), 0, 0, 0, 0,
                StreamState.HALF_CLOSED_REMOTE);
        hidden.append(hidden.addSource("hidden"), List.of(credentials, note));
        assertTrue(FrameSummary.of(hidden, 0).contains("cookie: <redacted 12 bytes>"), FrameSummary.of(hidden, 0));
        assertEquals(1, rows(hidden, "text ~ \"bytes\"", "bytes"), "only the frame that holds the word");
        assertEquals(1, rows(hidden, "text ~ \"12 bytes\"", "12 BYTES"));
        assertEquals(0, rows(hidden, "text ~ \"redacted\"", "redacted"));
        assertEquals(2, rows(hidden, "text ~ \"flags=end_stream|end_headers\"", "flags=END_STREAM|END_HEADERS"));
        assertEquals(1, rows(hidden, "text ~ \"cookie: }\"", "cookie: }"), "the name of a hidden field is content");
    }

    @Test
    void anIndexedFramesHeadIsWhatItsHeaderMakesItHoweverManyShapesCome() {
        FrameHeads heads = new FrameHeads();
        List<HeaderField> status = List.of(new HeaderField(":status", "200"));
        int i = 0;
        for (int round = 0; round < 3; round++) { // each header again after thousands of others, with fields or not
            for (int length = 0; length < 12_000; length++, i++) {
                FrameHeader h = new FrameHeader(length, length % 10, length % 3 == 0 ? 0x1 : 0x4, 1, false);
                List<HeaderField> fields = round == 0 || round == 2 && i % 2 == 0 ? List.of() : status;
                heads.add(new FrameEvent(1, i, Direction.INBOUND, h, null, fields, 0, 0, 0, 0, StreamState.OPEN));
                String made = FrameDescriber.head(h, !fields.isEmpty());
                assertEquals(made != null, heads.kept(i), h.toString());
                if (made != null) {
                    assertEquals(made.stripLeading().toLowerCase(Locale.ROOT), heads.searchedHead(i), h + " " + fields);
                }
            }
        }
    }

    @Test
    void aHeadPastTheBoundIsReadAgain() {
        byte[] binary = new byte[64];
        Arrays.fill(binary, (byte) 0x80); // \x80 each: past the longest head kept
        GoAwayFrame goAway = GoAwayFrame.of(0, ErrorCode.ENHANCE_YOUR_CALM, binary);
        List<TraceEvent> withLongHead = new ArrayList<>(events);
        withLongHead.add(new FrameEvent(BrokenExchange.CONNECTION, 7_000, Direction.INBOUND, FrameHeader.of(goAway),
                goAway, List.of(), 0, 0, -1, -1, null));
        PositionedRecording counted = new PositionedRecording(withLongHead);
        Recording recording = counted.recording();
        int last = recording.frameCount() - 1;
        assertFalse(recording.frameHeads().kept(last));
        assertTrue(recording.frameHeads().kept(last - 1));
        assertEquals(1, rows(recording, "text ~ \"enhance_your_calm\"", "enhance_your_calm"));
        assertTrue(counted.reads() > 0, "the frame not kept is read again");

        FrameHeads none = new FrameHeads(0);
        events.stream().filter(e -> e instanceof FrameEvent).forEach(e -> none.add((FrameEvent) e));
        assertFalse(none.kept(0), "with no room, no head is kept");
    }
}
