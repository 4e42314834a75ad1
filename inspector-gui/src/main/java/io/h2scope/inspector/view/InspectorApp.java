package io.h2scope.inspector.view;

import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.model.FrameFields;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.TraceSource;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.layout.BorderPane;
import javafx.scene.Scene;
import javafx.scene.text.Text;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The JavaFX application: one window over one {@link Inspection} fed by the sources given at launch. JavaFX makes
 * the instance itself, so the sources reach it through {@link #launch(List)}. The window shows at once with one
 * line ("opening trace.jsonl..."); after that first frame the sources start loading in the background and the views
 * are built, then catch up with what has loaded. The first scene holds no control: the first control made loads and
 * applies JavaFX's stylesheet (modena.css, about a third of a second of CPU), which the views pay for after it.
 */
public final class InspectorApp extends Application {

    private static final AtomicReference<List<TraceSource>> STARTING = new AtomicReference<>(List.of());
    private static final AtomicReference<Redaction> REDACTION = new AtomicReference<>(Redaction.DEFAULT);
    private static final AtomicInteger FIELD_STRINGS = new AtomicInteger(FrameFields.MAX_STRINGS);
    private static final AtomicReference<BiConsumer<InspectorWindow, Stage>> WHEN_SHOWN = new AtomicReference<>((w, s) -> { });

    /** The remembered window size, read while the toolkit starts (its XML file costs the first frame otherwise). */
    private static final AtomicReference<CompletableFuture<WindowSize>> SIZE =
            new AtomicReference<>(CompletableFuture.completedFuture(null));

    private InspectorWindow window;

    /** Opens the window over {@code sources}, credentials hidden, and returns when it is closed. */
    public static void launch(List<TraceSource> sources) {
        launch(sources, Redaction.DEFAULT);
    }

    /** Opens the window over {@code sources}, hiding what {@code redaction} says, and returns when it is closed. */
    public static void launch(List<TraceSource> sources, Redaction redaction) {
        launch(sources, redaction, FrameFields.MAX_STRINGS);
    }

    /** As {@link #launch(List, Redaction)}, the recording keeping at most {@code fieldStrings} field names and values. */
    public static void launch(List<TraceSource> sources, Redaction redaction, int fieldStrings) {
        REDACTION.set(redaction);
        FIELD_STRINGS.set(fieldStrings);
        launch(sources, (w, s) -> { });
    }

    /** Like {@link #launch(List)}; {@code whenShown} runs on the FX thread once the sources are open (the screenshots). */
    static void launch(List<TraceSource> sources, BiConsumer<InspectorWindow, Stage> whenShown) {
        STARTING.set(List.copyOf(sources));
        WHEN_SHOWN.set(whenShown);
        SIZE.set(CompletableFuture.supplyAsync(WindowSize::remembered));
        FirstPaint.on(); // its clock, when asked for, starts beside the toolkit too
        Application.launch(InspectorApp.class);
    }

    @Override
    public void start(Stage stage) {
        FirstPaint.say("toolkit started");
        Inspection inspection = new Inspection(REDACTION.get(), FIELD_STRINGS.get());
        List<TraceSource> sources = STARTING.get();
        Text opening = new Text(sources.isEmpty() ? "starting the inspector..."
                : "opening " + String.join(", ", sources.stream().map(TraceSource::name).toList()) + "...");
        opening.setId("opening");
        BorderPane first = new BorderPane(opening);
        first.setPadding(new Insets(12));
        Scene scene = new Scene(first);
        stage.setTitle("h2scope inspector");
        stage.setScene(scene);
        WindowSize size = SIZE.get().join();
        (size == null ? WindowSize.remembered() : size).apply(stage, Screen.getPrimary().getVisualBounds());
        stage.show();
        FirstPaint.afterNextPulse(scene, "first frame");
        if (FirstPaint.on()) {
            inspection.addNoticeListener(n -> {
                if (n.ended()) {
                    FirstPaint.say(n.source() + " " + n.text() + ":");
                }
            });
        }
        // once the first frame is out (so the window never shows blank), the sources start loading in the background
        // while the views are built
        scene.addPostLayoutPulseListener(new Runnable() {
            @Override
            public void run() {
                scene.removePostLayoutPulseListener(this);
                Platform.runLater(() -> {
                    for (TraceSource s : sources) {
                        inspection.open(s);
                    }
                    showViews(inspection, stage, scene);
                });
            }
        });
    }

    private void showViews(Inspection inspection, Stage stage, Scene scene) {
        window = new InspectorWindow(inspection);
        FirstPaint.say("views built");
        scene.setRoot(window.root());
        window.start();
        FirstPaint.afterNextPulse(scene, "views shown");
        WHEN_SHOWN.get().accept(window, stage);
    }

    @Override
    public void stop() {
        if (window != null) {
            window.stop();
        }
    }
}
