package io.h2scope.inspector.view;

import java.util.prefs.Preferences;

import javafx.geometry.Rectangle2D;
import javafx.stage.Stage;

/**
 * The main window's size: the last size the user left it at (kept with {@link Preferences}), or {@link #DEFAULT_WIDTH}
 * x {@link #DEFAULT_HEIGHT}, never larger than the screen's usable area nor smaller than {@link #MIN_WIDTH} x
 * {@link #MIN_HEIGHT} (below that the filter bar and the tabs cannot all show).
 */
final class WindowSize {

    static final double DEFAULT_WIDTH = 1400;
    static final double DEFAULT_HEIGHT = 900;
    static final double MIN_WIDTH = 800;
    static final double MIN_HEIGHT = 560;

    private static final String WIDTH = "window.width";
    private static final String HEIGHT = "window.height";

    private final Preferences prefs;

    WindowSize(Preferences prefs) {
        this.prefs = prefs;
    }

    /** The user's preferences of the inspector (per user, kept across runs). */
    static WindowSize remembered() {
        return new WindowSize(Preferences.userNodeForPackage(WindowSize.class));
    }

    /** The size to open at on a screen whose usable area is {@code screen}: width and height. */
    double[] initial(Rectangle2D screen) {
        double w = prefs.getDouble(WIDTH, DEFAULT_WIDTH);
        double h = prefs.getDouble(HEIGHT, DEFAULT_HEIGHT);
        return new double[] {fit(w, MIN_WIDTH, screen.getWidth()), fit(h, MIN_HEIGHT, screen.getHeight())};
    }

    private static double fit(double wanted, double min, double screen) {
        double at = Math.max(Math.min(wanted, screen), Math.min(min, screen));
        return Double.isNaN(at) || at <= 0 ? min : at;
    }

    /** Sizes {@code stage} to fit {@code screen} and remembers its size when it closes. */
    void apply(Stage stage, Rectangle2D screen) {
        double[] size = initial(screen);
        stage.setWidth(size[0]);
        stage.setHeight(size[1]);
        stage.setMinWidth(Math.min(MIN_WIDTH, screen.getWidth()));
        stage.setMinHeight(Math.min(MIN_HEIGHT, screen.getHeight()));
        stage.setOnHidden(e -> remember(stage.getWidth(), stage.getHeight()));
    }

    void remember(double width, double height) {
        if (width > 0 && height > 0 && !Double.isNaN(width) && !Double.isNaN(height)) {
            prefs.putDouble(WIDTH, width);
            prefs.putDouble(HEIGHT, height);
        }
    }
}
