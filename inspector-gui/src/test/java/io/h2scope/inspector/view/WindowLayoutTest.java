package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.source.EventListSource;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import javafx.scene.Parent;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Tab;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The whole window, each tab in turn, with a recording loaded, at the README screenshots' size (1280x860), a small
 * laptop's and the window's minimum: no control of the menu, the filter bar, the frame list, the tab shown or the
 * status line overlaps another, is drawn below its minimum height or lies outside what shows it ({@link ControlLayout});
 * the Client tab with its frame builder showing PING and HEADERS.
 */
@ExtendWith(ApplicationExtension.class)
class WindowLayoutTest {

    private static final double[][] SIZES = {{1280, 860}, {1024, 700}, {WindowSize.MIN_WIDTH, WindowSize.MIN_HEIGHT}};

    private InspectorWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = ShownWindow.on(stage, SIZES[0][0], SIZES[0][1]);
    }

    @AfterEach
    void stop() {
        window.inspection().close();
    }

    @Test
    void noControlOfAnyTabOverlapsAnotherOrIsSqueezedAtTheScreenshotSizeAndSmaller(FxRobot robot) throws Exception {
        window.inspection().open(new EventListSource("exchange", RecordedExchange.clientEvents(2_000)));
        robot.interact(() -> {
            window.refresh().refreshNow();
            window.selection().frameProperty().set(3);
        });
        List<String> problems = new ArrayList<>();
        for (double[] size : SIZES) { // largest first: a window grown again under headless Monocle logs paint errors
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            });
            Set<String> seen = new LinkedHashSet<>(); // the menu and filter bar's problems once a size, not per tab
            for (Tab tab : window.views().getTabs()) {
                // the Client tab with its frame builder's narrowest type and its widest (HEADERS: the most flags and fields)
                for (String builderType : "tab-client".equals(tab.getId()) ? List.of("PING", "HEADERS") : List.of("")) {
                    robot.interact(() -> window.views().getSelectionModel().select(tab));
                    if (!builderType.isEmpty()) { // once the tab is shown: a scroll pane's content joins the scene then
                        robot.interact(() -> {
                            @SuppressWarnings("unchecked")
                            ChoiceBox<String> choice = robot.lookup("#form-type").queryAs(ChoiceBox.class);
                            choice.setValue(builderType);
                        });
                    }
                    String where = (int) size[0] + "x" + (int) size[1] + " " + tab.getText() + " " + builderType + ": ";
                    robot.interact(() -> check(where, seen, problems));
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /** The window's layout problems not seen before at this size, each said once with {@code where} it was found. */
    private void check(String where, Set<String> seen, List<String> problems) {
        Parent root = stage.getScene().getRoot();
        root.applyCss();
        root.layout();
        List<ControlLayout.Shown> shown = ControlLayout.shown(root);
        assertTrue(shown.size() > 15, where + "the window's controls were found: " + shown.size());
        for (String p : ControlLayout.problems(shown)) {
            if (seen.add(p)) {
                problems.add(where + p);
            }
        }
    }
}
