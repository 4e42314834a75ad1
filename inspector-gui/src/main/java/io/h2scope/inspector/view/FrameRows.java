package io.h2scope.inspector.view;

import io.h2scope.inspector.model.filter.FilteredFrames;

import javafx.collections.ObservableListBase;

/**
 * The frame table's items: a virtual list over one {@link FilteredFrames}, row i being the frame number of its row
 * i. Nothing is stored per row; a cell asks for its frame number when it is shown, so a million rows cost what the
 * visible ones cost. FX thread only: {@link #grow()} makes the rows filtered since the last call visible, as one
 * change.
 */
final class FrameRows extends ObservableListBase<Integer> {

    private final FilteredFrames frames;
    private int shown;

    FrameRows(FilteredFrames frames) {
        this.frames = frames;
        this.shown = frames.size();
    }

    FilteredFrames frames() {
        return frames;
    }

    /** Shows the rows filtered since the last call; returns whether there were any. */
    boolean grow() {
        int now = frames.size();
        if (now <= shown) {
            return false;
        }
        int from = shown;
        shown = now;
        beginChange();
        nextAdd(from, now);
        endChange();
        return true;
    }

    @Override
    public Integer get(int index) {
        if (index < 0 || index >= shown) {
            throw new IndexOutOfBoundsException(index + " of " + shown);
        }
        return frames.frameNumber(index);
    }

    @Override
    public int size() {
        return shown;
    }

    /** The row of frame {@code frameNumber}, or -1 when it is not shown. */
    int rowOf(int frameNumber) {
        int row = frames.rowOf(frameNumber);
        return row < shown ? row : -1;
    }
}
