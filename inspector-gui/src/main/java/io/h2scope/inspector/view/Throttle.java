package io.h2scope.inspector.view;

import javafx.animation.PauseTransition;
import javafx.util.Duration;

/**
 * Runs a view's redraw at most once per period while a recording grows (its work grows with the connection, so a
 * redraw per pulse would starve the FX thread), and once more after the last growth so the view ends up to date.
 * FX thread only.
 */
final class Throttle {

    private final long periodNanos;
    private final Runnable action;
    private final PauseTransition trailing;
    private long last = Long.MIN_VALUE;

    Throttle(Duration period, Runnable action) {
        this.periodNanos = (long) (period.toMillis() * 1_000_000);
        this.action = action;
        this.trailing = new PauseTransition(period);
        trailing.setOnFinished(e -> runNow());
    }

    /** Runs now if the period since the last run has passed; else once when it has. */
    void request() {
        if (System.nanoTime() - last >= periodNanos) {
            runNow();
        } else {
            trailing.playFromStart();
        }
    }

    /** Runs now (the user changed what is shown: no waiting). */
    void runNow() {
        trailing.stop();
        last = System.nanoTime();
        action.run();
    }
}
