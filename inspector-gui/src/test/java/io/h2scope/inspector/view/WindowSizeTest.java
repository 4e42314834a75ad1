package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.prefs.Preferences;

import javafx.geometry.Rectangle2D;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WindowSizeTest {

    private final Preferences node = Preferences.userRoot().node("h2scope-test-window-size-" + ProcessHandle.current().pid());

    @AfterEach
    void removeNode() throws Exception {
        node.removeNode();
    }

    @Test
    void aFirstStartOpensAtTheDefaultSizeOrTheScreensWhenSmaller() {
        WindowSize size = new WindowSize(node);
        assertArrayEquals(new double[] {WindowSize.DEFAULT_WIDTH, WindowSize.DEFAULT_HEIGHT},
                size.initial(new Rectangle2D(0, 0, 2560, 1400)), 0);
        assertArrayEquals(new double[] {1024, 700}, size.initial(new Rectangle2D(0, 0, 1024, 700)), 0);
    }

    @Test
    void theLastSizeIsRememberedButNeverLargerThanTheScreenNorSmallerThanTheMinimum() {
        new WindowSize(node).remember(1800, 1100);
        WindowSize next = new WindowSize(node);
        assertArrayEquals(new double[] {1800, 1100}, next.initial(new Rectangle2D(0, 0, 2560, 1400)), 0);
        assertArrayEquals(new double[] {1366, 740}, next.initial(new Rectangle2D(0, 0, 1366, 740)), 0);
        new WindowSize(node).remember(300, 200);
        assertArrayEquals(new double[] {WindowSize.MIN_WIDTH, WindowSize.MIN_HEIGHT},
                new WindowSize(node).initial(new Rectangle2D(0, 0, 2560, 1400)), 0);
    }
}
