package io.h2scope.inspector.view;

import io.h2scope.inspector.model.Recording;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

import javafx.animation.AnimationTimer;
import javafx.beans.value.ObservableBooleanValue;

/**
 * The one place where the recording's growth reaches the FX thread: appends (on the sources' threads) only raise a
 * flag; once per pulse (at most 60 times a second) the FX thread, if the flag is up, tells the views the new event
 * count, and they catch up in one step. Nothing is done per event on the FX thread. A view in a tab that is not
 * shown is told nothing until its tab is shown ({@link #whileShown}): live traffic costs the FX thread only the
 * views one sees (the flow-control charts redrawn at 20,000 events a second took seconds of each pulse's time).
 * While the recording grows without pause (live traffic), the pulses tell the views at most once per
 * {@link #GROWTH_PERIOD_NANOS}: the frame table's growth alone makes every visible cell again, and done at each pulse
 * it left little of the FX thread for input; the pulses between only draw and handle input.
 */
public final class FxRefresh {

    /** The shortest time between two pulses that tell the views of growth: 100 ms, ten times a second. */
    public static final long GROWTH_PERIOD_NANOS = 100_000_000L;

    private final Recording recording;
    private final AtomicBoolean dirty = new AtomicBoolean(true);
    private final List<IntConsumer> views = new CopyOnWriteArrayList<>();
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            pulse(now);
        }
    };
    private long toldAt = Long.MIN_VALUE; // FX thread: the last pulse that told the views
    private final Recording.Listener listener;
    private final FxRefresh parent; // null: this one follows the recording itself

    public FxRefresh(Recording recording) {
        this.recording = recording;
        this.listener = (from, to) -> dirty.set(true);
        this.parent = null;
        recording.addListener(listener);
    }

    private FxRefresh(FxRefresh parent) {
        this.recording = parent.recording;
        this.listener = null;
        this.parent = parent;
    }

    /**
     * FX thread: a refresh whose views hear of growth only while {@code shown} holds (a tab's selected property), and
     * once when it comes to hold after growth they missed.
     */
    public FxRefresh whileShown(ObservableBooleanValue shown) {
        FxRefresh gated = new FxRefresh(this);
        int[] missed = {-1};
        onGrowth(count -> {
            if (shown.get()) {
                gated.tell(count);
            } else {
                missed[0] = count;
            }
        });
        shown.addListener((o, was, now) -> {
            if (now && missed[0] >= 0) {
                int count = missed[0];
                missed[0] = -1;
                gated.tell(count);
            }
        });
        return gated;
    }

    private void tell(int count) {
        for (IntConsumer v : views) {
            v.accept(count);
        }
    }

    /** {@code view} is given the recording's event count on the FX thread whenever it grew. */
    public void onGrowth(IntConsumer view) {
        views.add(view);
    }

    public void start() {
        if (parent == null) {
            timer.start();
        }
    }

    public void stop() {
        if (parent == null) {
            timer.stop();
            recording.removeListener(listener);
        }
    }

    /**
     * FX thread: what a pulse at {@code now} (nanoseconds, the pulse's clock) does: brings the views up to date if
     * the recording grew and the last pulse that did was {@link #GROWTH_PERIOD_NANOS} ago or more.
     */
    void pulse(long now) {
        if (dirty.get() && (toldAt == Long.MIN_VALUE || now - toldAt >= GROWTH_PERIOD_NANOS)) {
            toldAt = now;
            refreshNow();
        }
    }

    /** FX thread: brings the views up to date now if the recording grew (tests call it instead of waiting a pulse). */
    public void refreshNow() {
        if (parent != null) {
            parent.refreshNow();
        } else if (dirty.getAndSet(false)) {
            tell(recording.eventCount());
        }
    }
}
