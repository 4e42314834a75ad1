package io.h2scope.inspector.view;

import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.TraceSource;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The JavaFX application: one window over one {@link Inspection} fed by the sources given at launch. JavaFX makes
 * the instance itself, so the sources reach it through {@link #launch(List)}.
 */
public final class InspectorApp extends Application {

    private static final AtomicReference<List<TraceSource>> STARTING = new AtomicReference<>(List.of());

    private InspectorWindow window;

    /** Opens the window over {@code sources} and returns when it is closed. */
    public static void launch(List<TraceSource> sources) {
        STARTING.set(List.copyOf(sources));
        Application.launch(InspectorApp.class);
    }

    @Override
    public void start(Stage stage) {
        Inspection inspection = new Inspection();
        window = new InspectorWindow(inspection);
        stage.setTitle("h2scope inspector");
        stage.setScene(new Scene(window.root(), 1200, 800));
        stage.show();
        window.start();
        for (TraceSource s : STARTING.get()) {
            inspection.open(s);
        }
    }

    @Override
    public void stop() {
        if (window != null) {
            window.stop();
        }
    }
}
