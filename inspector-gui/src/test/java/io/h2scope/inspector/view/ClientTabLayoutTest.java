package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.ChoiceBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Client tab at the README screenshots' window size (1280x860) and at smaller ones: no control (label, field,
 * button, check box, text area) overlaps another, none is drawn below its minimum height, and none lies outside the
 * area that shows it (the tab, or what its scroll pane scrolls), for the frame builder's narrowest type and its
 * widest (HEADERS, whose flags and fields are the most). {@link WindowLayoutTest} checks every tab of the window.
 */
@ExtendWith(ApplicationExtension.class)
class ClientTabLayoutTest {

    private static final double[][] SIZES = {{1280, 860}, {1024, 700}, {WindowSize.MIN_WIDTH, WindowSize.MIN_HEIGHT}};

    private InspectorWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = ShownWindow.on(stage, SIZES[0][0], SIZES[0][1]);
        ShownWindow.select(window, "tab-client");
    }

    @AfterEach
    void stop() {
        window.inspection().close();
    }

    @Test
    void noControlOverlapsAnotherOrIsSqueezedAtTheScreenshotSizeAndSmaller(FxRobot robot) {
        List<String> problems = new ArrayList<>();
        for (double[] size : SIZES) { // largest first: a window grown again under headless Monocle logs paint errors
            for (String type : List.of("PING", "HEADERS")) {
                robot.interact(() -> {
                    @SuppressWarnings("unchecked")
                    ChoiceBox<String> choice = robot.lookup("#form-type").queryAs(ChoiceBox.class);
                    choice.setValue(type);
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                });
                WaitForAsyncUtils.waitForFxEvents();
                robot.interact(() -> {
                    Scene scene = stage.getScene();
                    scene.getRoot().applyCss();
                    scene.getRoot().layout();
                    String where = (int) size[0] + "x" + (int) size[1] + " " + type + ": ";
                    List<ControlLayout.Shown> shown = ControlLayout.shown(window.client().node());
                    assertTrue(shown.size() > 20, "the tab's controls were found: " + shown.size());
                    ControlLayout.problems(shown).forEach(p -> problems.add(where + p));
                });
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }
}
