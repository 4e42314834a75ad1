package io.h2scope.inspector.view;

import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.TraceSource;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The JavaFX application: one window over one {@link Inspection} fed by the sources given at launch. JavaFX makes
 * the instance itself, so the sources reach it through {@link #launch(List)}.
 */
public final class InspectorApp extends Application {

    private static final AtomicReference<List<TraceSource>> STARTING = new AtomicReference<>(List.of());
    private static final AtomicReference<Redaction> REDACTION = new AtomicReference<>(Redaction.DEFAULT);
    private static final AtomicReference<BiConsumer<InspectorWindow, Stage>> WHEN_SHOWN = new AtomicReference<>((w, s) -> { });

    private InspectorWindow window;

    /** Opens the window over {@code sources}, credentials hidden, and returns when it is closed. */
    public static void launch(List<TraceSource> sources) {
        launch(sources, Redaction.DEFAULT);
    }

    /** Opens the window over {@code sources}, hiding what {@code redaction} says, and returns when it is closed. */
    public static void launch(List<TraceSource> sources, Redaction redaction) {
        REDACTION.set(redaction);
        launch(sources, (w, s) -> { });
    }

    /** Like {@link #launch(List)}; {@code whenShown} runs on the FX thread once the sources are open (the screenshots). */
    static void launch(List<TraceSource> sources, BiConsumer<InspectorWindow, Stage> whenShown) {
        STARTING.set(List.copyOf(sources));
        WHEN_SHOWN.set(whenShown);
        Application.launch(InspectorApp.class);
    }

    @Override
    public void start(Stage stage) {
        Inspection inspection = new Inspection(REDACTION.get());
        window = new InspectorWindow(inspection);
        stage.setTitle("h2scope inspector");
        stage.setScene(new Scene(window.root()));
        WindowSize.remembered().apply(stage, Screen.getPrimary().getVisualBounds());
        stage.show();
        window.start();
        for (TraceSource s : STARTING.get()) {
            inspection.open(s);
        }
        WHEN_SHOWN.get().accept(window, stage);
    }

    @Override
    public void stop() {
        if (window != null) {
            window.stop();
        }
    }
}
