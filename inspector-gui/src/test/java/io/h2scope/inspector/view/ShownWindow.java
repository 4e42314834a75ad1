package io.h2scope.inspector.view;

import io.h2scope.inspector.source.Inspection;

import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.stage.Stage;

import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The tests' inspector window: an empty inspection shown on the test's stage at a size, following its recording. */
final class ShownWindow {

    private ShownWindow() {
    }

    static InspectorWindow on(Stage stage, double width, double height) {
        InspectorWindow window = new InspectorWindow(new Inspection());
        stage.setScene(new Scene(window.root(), width, height));
        stage.show();
        window.start();
        return window;
    }

    /** Shows the tab of id {@code tabId} ("tab-client") as a click on it would: its view is built when first shown. */
    static void select(InspectorWindow window, String tabId) {
        window.views().getSelectionModel().select(window.views().getTabs().stream()
                .filter(t -> tabId.equals(t.getId())).findFirst().orElseThrow());
    }

    /** Makes {@code change} on the FX thread, waits until the frame list has filtered, and gives its rows. */
    static int rowsAfter(FxRobot robot, InspectorWindow window, Runnable change) throws Exception {
        robot.interact(change);
        WaitForAsyncUtils.waitFor(io.h2scope.engine.testsupport.Await.PATIENCE.toSeconds(), TimeUnit.SECONDS,
                () -> !window.frames().filteringProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        return window.frames().table().getItems().size();
    }
}
