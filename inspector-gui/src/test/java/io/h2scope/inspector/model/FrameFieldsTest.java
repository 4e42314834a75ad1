package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.filter.DisplayFilter;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The fields a recording keeps of each frame that carries a field block: a filter on a field's value reads no frame
 * again from its file; past the bound on distinct strings a frame is not kept, and a filter reads it instead.
 */
class FrameFieldsTest {

    @Test
    void aFilterOnAFieldsValueReadsNoFrameAgain() throws Exception {
        List<TraceEvent> events = RecordedExchange.clientEvents(40_000);
        PositionedRecording counted = new PositionedRecording(events);
        Recording recording = counted.recording();
        long expected = events.stream().filter(e -> e instanceof FrameEvent f
                && f.headers().contains(new HeaderField(":status", "200"))).count();
        DisplayFilter.Matcher m = DisplayFilter.compile("header[\":status\"] == \"200\"", null).matcher(recording);
        long shown = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            shown += m.matches(f) ? 1 : 0;
        }
        assertTrue(expected > 0, "the exchange has responses");
        assertEquals(expected, shown);
        assertEquals(0, counted.reads(), "no frame read again");
    }

    @Test
    void aRecordingWithRoomForFewerStringsReadsTheFramesPastThemAgainAndShowsTheSame() throws Exception {
        List<TraceEvent> events = RecordedExchange.clientEvents(40_000);
        DisplayFilter filter = DisplayFilter.compile("header[\":status\"] == \"200\"", null);
        long[] shown = new long[2];
        int[] reads = new int[2];
        int[] room = {FrameFields.MAX_STRINGS, 2};
        for (int i = 0; i < 2; i++) {
            PositionedRecording counted = new PositionedRecording(events, room[i]);
            DisplayFilter.Matcher m = filter.matcher(counted.recording());
            for (int f = 0; f < counted.recording().frameCount(); f++) {
                shown[i] += m.matches(f) ? 1 : 0;
            }
            reads[i] = counted.reads();
        }
        assertTrue(shown[0] > 0, "the exchange has responses");
        assertEquals(shown[0], shown[1], "the same frames shown");
        assertEquals(0, reads[0], "the default room keeps every field of the exchange");
        assertTrue(reads[1] > 0, "with room for 2 strings, frames with more are read again");
    }

    @Test
    void aNegativeRoomIsNoRecordingsToMake() {
        assertThrows(IllegalArgumentException.class, () -> new FrameFields(-1));
    }

    @Test
    void eachFieldIsKeptAsTheFrameHasItUntilTheBoundOnStrings() throws Exception {
        List<FrameEvent> frames = new ArrayList<>();
        for (TraceEvent e : RecordedExchange.clientEvents(40_000)) {
            if (e instanceof FrameEvent f) {
                frames.add(f);
            }
        }
        FrameFields all = new FrameFields();
        FrameFields none = new FrameFields(0);
        frames.forEach(all::add);
        frames.forEach(none::add);
        int withFields = 0;
        for (int i = 0; i < frames.size(); i++) {
            FrameEvent f = frames.get(i);
            assertTrue(all.kept(i), "frame " + i);
            List<HeaderField> kept = new ArrayList<>();
            for (int k = 0; k < all.count(i); k++) {
                kept.add(new HeaderField(all.name(i, k), all.value(i, k)));
            }
            boolean carries = f.header().typeCode() == FrameType.HEADERS.code();
            assertEquals(carries ? f.headers() : List.of(), kept, "frame " + i);
            boolean hasFields = carries && !f.headers().isEmpty();
            withFields += hasFields ? 1 : 0;
            assertEquals(!hasFields, none.kept(i), "with no room, only a frame without fields is kept: frame " + i);
        }
        assertTrue(withFields > 0);
        assertFalse(none.kept(frames.indexOf(frames.stream().filter(f -> !f.headers().isEmpty()).findFirst().orElseThrow())));
    }
}
