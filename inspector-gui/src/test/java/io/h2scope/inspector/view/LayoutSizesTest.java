package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.source.EventListSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.stage.Stage;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every view at a small laptop's size, a desktop's and a large screen's: no label or button drawn cut short and none
 * outside the window, on a real exchange and after a conformance run (whose status line is long). Each view's image
 * at each size goes to target/layout/ for a look.
 */
@ExtendWith(ApplicationExtension.class)
class LayoutSizesTest {

    private static final double[][] SIZES = {{1024, 700}, {1600, 1000}, {2560, 1440}};

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
    void everyViewIsWholeAtEachSize(FxRobot robot) throws Exception {
        window.inspection().open(new EventListSource("exchange", RecordedExchange.clientEvents(50_000)));
        robot.interact(() -> {
            window.refresh().refreshNow();
            window.selection().frameProperty().set(3);
        });
        robot.interact(() -> window.conformance().run());
        Label status = robot.lookup("#conformance-status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> status.getText().startsWith("finished"));
        Path out = Files.createDirectories(Path.of("target", "layout"));
        List<String> problems = new ArrayList<>();
        List<Double> diagramScales = new ArrayList<>();
        for (double[] size : SIZES) {
            robot.interact(() -> {
                stage.setX(0);
                stage.setY(0);
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            });
            for (Tab tab : window.views().getTabs()) {
                robot.interact(() -> {
                    window.views().getSelectionModel().select(tab);
                    stage.getScene().getRoot().applyCss();
                    stage.getScene().getRoot().layout();
                });
                WaitForAsyncUtils.waitForFxEvents();
                String where = (int) size[0] + "x" + (int) size[1] + " " + tab.getText() + ": ";
                robot.interact(() -> {
                    assertEquals(size[0], stage.getScene().getWidth(), 1, "the scene follows the window");
                    Elision.problems(stage.getScene()).forEach(p -> problems.add(where + p));
                    if ("tab-streams".equals(tab.getId())) {
                        javafx.scene.Node diagram = stage.getScene().lookup("#state-diagram");
                        ScaledToFit fit = (ScaledToFit) diagram.getParent().getParent();
                        javafx.geometry.Bounds drawn = diagram.localToScene(diagram.getBoundsInLocal());
                        javafx.geometry.Bounds room = fit.localToScene(fit.getBoundsInLocal());
                        if (drawn.getMinX() < room.getMinX() - 1 || drawn.getMaxX() > room.getMaxX() + 1
                                || drawn.getMinY() < room.getMinY() - 1 || drawn.getMaxY() > room.getMaxY() + 1) {
                            problems.add(where + "the state diagram " + drawn + " does not fit its pane " + room);
                        }
                        diagramScales.add(fit.factor());
                    }
                    var image = stage.getScene().snapshot(null);
                    try {
                        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png",
                                out.resolve((int) size[0] + "-" + tab.getId().replaceFirst("^tab-", "") + ".png").toFile());
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(diagramScales.get(2) > diagramScales.get(0), "the diagram scales with the window: " + diagramScales);
    }
}
