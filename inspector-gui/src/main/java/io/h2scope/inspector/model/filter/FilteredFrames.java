package io.h2scope.inspector.model.filter;

import io.h2scope.inspector.model.IntColumn;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.TextSearch;


import java.util.function.BooleanSupplier;

/**
 * The frame numbers one {@link FrameFilter} lets through, ascending, as an index into the recording (the frames
 * are never copied). Filled by {@link #catchUp}, on one thread at a time, while any thread reads up to
 * {@link #size()}. With {@link FrameFilter#ALL} no index is kept: row i is frame i.
 */
public final class FilteredFrames {

    private final Recording recording;
    private final FrameFilter filter;
    private final IntColumn matches;
    private volatile int scanned;
    private DisplayFilter.Matcher displayMatcher; // made on the thread that fills the list (one at a time)
    private TextSearch textSearch; // likewise

    public FilteredFrames(Recording recording, FrameFilter filter) {
        this.recording = recording;
        this.filter = filter;
        this.matches = filter.all() ? null : new IntColumn();
    }

    public FrameFilter filter() {
        return filter;
    }

    /** Frames looked at so far: the recording's frames below this have been filtered. */
    public int scanned() {
        return scanned;
    }

    /** Rows so far. */
    public int size() {
        return matches == null ? scanned : matches.size();
    }

    /** The frame number of row {@code row}. */
    public int frameNumber(int row) {
        if (matches == null) {
            if (row < 0 || row >= scanned) {
                throw new IndexOutOfBoundsException(row + " of " + scanned);
            }
            return row;
        }
        return matches.get(row);
    }

    /** The row that shows frame {@code frameNumber}, or -1 when the filter leaves it out (or it is not scanned yet). */
    public int rowOf(int frameNumber) {
        if (matches == null) {
            return frameNumber >= 0 && frameNumber < scanned ? frameNumber : -1;
        }
        int row = matches.floor(frameNumber);
        return row >= 0 && matches.get(row) == frameNumber ? row : -1;
    }

    /**
     * The row nearest to frame {@code frameNumber}: its own, else the first row after it, else the last row; -1 when
     * there are no rows (where to keep the list scrolled to when the filter changes).
     */
    public int rowNear(int frameNumber) {
        int size = size();
        if (size == 0) {
            return -1;
        }
        if (matches == null) {
            return Math.max(0, Math.min(frameNumber, size - 1));
        }
        int row = matches.floor(frameNumber);
        if (row >= 0 && matches.get(row) == frameNumber) {
            return row;
        }
        return Math.min(row + 1, size - 1);
    }

    /**
     * Filters the frames that arrived since the last call; stops early (to be called again) when
     * {@code abandoned} says the list is no longer wanted. Returns the new size.
     */
    public int catchUp(BooleanSupplier abandoned) {
        int now = recording.frameCount();
        if (matches == null) {
            scanned = now;
            return now;
        }
        if (displayMatcher == null) {
            displayMatcher = filter.displayMatcher(recording);
            textSearch = filter.textSearch(recording);
        }
        for (int f = scanned; f < now; f++) {
            if ((f & 0xfff) == 0 && abandoned.getAsBoolean()) {
                scanned = f;
                return matches.size();
            }
            if (filter.matches(recording, f, displayMatcher, textSearch)) {
                matches.add(f);
            }
        }
        scanned = now;
        return matches.size();
    }
}
