package io.h2scope.inspector.export;

import io.h2scope.inspector.model.filter.FilteredFrames;
import io.h2scope.inspector.model.Recording;

import java.util.BitSet;

/**
 * What an export writes: the frames the frame list shows (its filter's rows, as far as it has filtered) and the
 * connections they belong to, taken once when the export starts. A JSONL save writes the whole connections (a
 * recording needs every event of a connection to open again with its states, windows and HPACK tables); a pcapng
 * export writes the frames shown.
 */
public final class ExportScope {

    private final boolean all;
    private final BitSet frames = new BitSet();
    private final BitSet connections = new BitSet();
    private final int frameCount;
    private final int eventCount;

    private ExportScope(Recording recording, FilteredFrames shown) {
        this.eventCount = recording.eventCount();
        this.all = shown == null || shown.filter().all();
        if (all) {
            frameCount = recording.frameCount();
            connections.set(0, recording.connectionCount()); // one without frames yet is part of everything too
            return;
        }
        frameCount = shown.size();
        for (int row = 0; row < frameCount; row++) {
            int frame = shown.frameNumber(row);
            frames.set(frame);
            connections.set(recording.connectionOf(recording.frameEvent(frame)).ordinal());
        }
    }

    /** The rows of {@code shown} (null or unfiltered: everything the recording has now). */
    public static ExportScope of(Recording recording, FilteredFrames shown) {
        return new ExportScope(recording, shown);
    }

    /** Everything the recording had when the export started. */
    public static ExportScope everything(Recording recording) {
        return new ExportScope(recording, null);
    }

    public boolean all() {
        return all;
    }

    /** Events below this number are written (the recording's count when the export started). */
    public int eventCount() {
        return eventCount;
    }

    public boolean hasFrame(int frameNumber) {
        return all ? frameNumber < frameCount : frames.get(frameNumber);
    }

    public boolean hasConnection(int ordinal) {
        return connections.get(ordinal);
    }

    public int frameCount() {
        return frameCount;
    }

    public int connectionCount() {
        return connections.cardinality();
    }

    /** For a save dialog: what a JSONL save of this scope writes. */
    public String jsonlWords() {
        return all ? "everything recorded (" + connectionCount() + " connections)"
                : "the " + connectionCount() + " connection" + (connectionCount() == 1 ? "" : "s") + " of the "
                + frameCount + " frames shown, whole";
    }

    /** For an export dialog: what a pcapng export of this scope writes. */
    public String pcapngWords() {
        return all ? "every frame (" + frameCount + ")" : "the " + frameCount + " frames shown";
    }
}
