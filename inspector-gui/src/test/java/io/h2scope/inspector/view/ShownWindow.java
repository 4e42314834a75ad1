package io.h2scope.inspector.view;

import io.h2scope.inspector.source.Inspection;

import javafx.scene.Scene;
import javafx.stage.Stage;

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
}
