package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.inspector.source.Inspection;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Control;
import javafx.scene.control.ScrollPane;
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
 * widest (HEADERS, whose flags and fields are the most).
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
                    problems(window.client().node(), window.views()).forEach(p -> problems.add(where + p));
                });
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /** The controls under {@code panel} that overlap, are squeezed or lie outside what shows them. */
    private static List<String> problems(Node panel, Node tabs) {
        List<Shown> shown = new ArrayList<>();
        collect(panel, tabs.localToScene(tabs.getBoundsInLocal()), shown);
        assertTrue(shown.size() > 20, "the tab's controls were found: " + shown.size());
        List<String> found = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Shown a = shown.get(i);
            if (a.bounds.getHeight() < a.control.minHeight(-1) - 0.5) {
                found.add(a + " is drawn " + a.bounds.getHeight() + " high, below its minimum " + a.control.minHeight(-1));
            }
            if (!inside(a.bounds, a.area)) {
                found.add(a + " lies outside " + a.area);
            }
            for (Shown b : shown.subList(i + 1, shown.size())) {
                double across = Math.min(a.bounds.getMaxX(), b.bounds.getMaxX()) - Math.max(a.bounds.getMinX(), b.bounds.getMinX());
                double down = Math.min(a.bounds.getMaxY(), b.bounds.getMaxY()) - Math.max(a.bounds.getMinY(), b.bounds.getMinY());
                if (across > 0.5 && down > 0.5) {
                    found.add(a + " overlaps " + b);
                }
            }
        }
        return found;
    }

    /** The shown controls, not looking into them (a combo box's own field); a scroll pane's content is its area. */
    private static void collect(Node node, Bounds area, List<Shown> into) {
        if (!node.isVisible() || !node.isManaged()) {
            return;
        }
        if (node instanceof ScrollPane scroller) {
            Node content = scroller.getContent();
            collect(content, content.localToScene(content.getBoundsInLocal()), into);
        } else if (node instanceof Control control) {
            into.add(new Shown(control, control.localToScene(control.getLayoutBounds()), area));
        } else if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, area, into);
            }
        }
    }

    private static boolean inside(Bounds b, Bounds area) {
        return b.getMinX() >= area.getMinX() - 0.5 && b.getMaxX() <= area.getMaxX() + 0.5
                && b.getMinY() >= area.getMinY() - 0.5 && b.getMaxY() <= area.getMaxY() + 0.5;
    }

    private record Shown(Control control, Bounds bounds, Bounds area) {
        @Override
        public String toString() {
            String text = control instanceof javafx.scene.control.Labeled l ? " \"" + l.getText() + "\"" : "";
            return control.getClass().getSimpleName() + (control.getId() == null ? "" : "#" + control.getId()) + text
                    + String.format(" [%.0f,%.0f %.0fx%.0f]", bounds.getMinX(), bounds.getMinY(), bounds.getWidth(),
                    bounds.getHeight());
        }
    }
}
