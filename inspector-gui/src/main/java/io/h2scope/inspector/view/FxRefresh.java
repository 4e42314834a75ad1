package io.h2scope.inspector.view;

import io.h2scope.inspector.model.Recording;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

import javafx.animation.AnimationTimer;

/**
 * The one place where the recording's growth reaches the FX thread: appends (on the sources' threads) only raise a
 * flag; once per pulse (at most 60 times a second) the FX thread, if the flag is up, tells the views the new event
 * count, and they catch up in one step. Nothing is done per event on the FX thread.
 */
public final class FxRefresh {

    private final Recording recording;
    private final AtomicBoolean dirty = new AtomicBoolean(true);
    private final List<IntConsumer> views = new CopyOnWriteArrayList<>();
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            refreshNow();
        }
    };
    private final Recording.Listener listener;

    public FxRefresh(Recording recording) {
        this.recording = recording;
        this.listener = (from, to) -> dirty.set(true);
        recording.addListener(listener);
    }

    /** {@code view} is given the recording's event count on the FX thread whenever it grew. */
    public void onGrowth(IntConsumer view) {
        views.add(view);
    }

    public void start() {
        timer.start();
    }

    public void stop() {
        timer.stop();
        recording.removeListener(listener);
    }

    /** FX thread: brings the views up to date now if the recording grew (tests call it instead of waiting a pulse). */
    public void refreshNow() {
        if (dirty.getAndSet(false)) {
            int count = recording.eventCount();
            for (IntConsumer v : views) {
                v.accept(count);
            }
        }
    }
}
