package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A text looked for part by part (each distinct head, name and value once) finds the frames whose whole line holds
 * it, and only those: the line built and searched per frame is the reference.
 */
class TextSearchTest {

    @Test
    void eachTextFindsTheFramesWhoseLineHoldsIt() throws Exception {
        List<TraceEvent> events = RecordedExchange.clientEvents(40_000);
        Recording recording = new Recording();
        recording.append(recording.addSource("exchange"), events);
        // in one part (a head's word, a flag, a name, a value), across parts (": ", ", ", "{"), and nowhere
        List<String> texts = List.of("headers", "end_stream", "status", "200", "gzip", "content-length", "/", "=",
                ":status: 200", "{:status", "stream=1 ", ", ", "h", "zzz-nowhere", "window_update", "settings");
        int found = 0;
        for (String text : texts) {
            TextSearch search = new TextSearch(recording, text);
            for (int f = 0; f < recording.frameCount(); f++) {
                boolean expected = FrameSummary.searchable(recording, f).contains(text);
                assertEquals(expected, search.matches(f), "\"" + text + "\" in frame " + f + ": "
                        + FrameSummary.searchable(recording, f));
                found += expected ? 1 : 0;
            }
            for (int f = recording.frameCount() - 1; f >= 0; f -= 7) { // asked again, out of order: the same
                assertEquals(FrameSummary.searchable(recording, f).contains(text), search.matches(f));
            }
        }
        assertTrue(found > recording.frameCount(), "the texts are found in many frames: " + found);
    }
}
