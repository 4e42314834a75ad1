package io.h2scope.inspector.view;

import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.model.FrameFields;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.TraceSource;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
import javafx.stage.WindowEvent;

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
        CompletableFuture<Stage> early = EarlyToolkit.started();
        if (early == null) {
            SIZE.set(CompletableFuture.supplyAsync(WindowSize::remembered));
            FirstPaint.on(); // its clock, when asked for, starts beside the toolkit too
            Application.launch(InspectorApp.class);
        } else {
            launchIn(early);
        }
    }

    /** Takes over the window {@link EarlyToolkit} showed, and returns once it is closed. */
    private static void launchIn(CompletableFuture<Stage> shown) {
        Stage stage;
        try {
            stage = shown.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e; // no display: as Application.launch says it
        }
        InspectorApp app = new InspectorApp();
        CountDownLatch closed = new CountDownLatch(1);
        AtomicReference<Thread> fxThread = new AtomicReference<>();
        Platform.runLater(() -> {
            fxThread.set(Thread.currentThread());
            app.begin(stage);
            stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> closed.countDown()); // after begin's: stopped first
        });
        try {
            // closed, or the toolkit ended some other way (Platform.exit)
            while (!closed.await(1, TimeUnit.SECONDS)) {
                Thread fx = fxThread.get();
                if (fx != null && !fx.isAlive()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void start(Stage stage) {
        FirstPaint.say("toolkit started");
        showFirst(stage, SIZE.get().join());
        begin(stage);
    }

    /**
     * FX thread: shows {@code stage} with one line and no control, at the remembered size ({@code size}, or read now
     * when null); the line says what is opening once the command line is known ({@link #begin}).
     */
    static void showFirst(Stage stage, WindowSize size) {
        Text opening = new Text("starting the inspector...");
        opening.setId("opening");
        BorderPane first = new BorderPane(opening);
        first.setPadding(new Insets(12));
        Scene scene = new Scene(first);
        stage.setTitle("h2scope inspector");
        stage.setScene(scene);
        (size == null ? WindowSize.remembered() : size).apply(stage, Screen.getPrimary().getVisualBounds());
        stage.show();
        FirstPaint.afterNextPulse(scene, "first frame");
    }

    /** FX thread: {@code stage} shows its first line ({@link #showFirst}); opens the sources, then builds the views. */
    private void begin(Stage stage) {
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> stop()); // what Application.stop does, on either path
        Inspection inspection = new Inspection(REDACTION.get(), FIELD_STRINGS.get());
        List<TraceSource> sources = STARTING.get();
        Scene scene = stage.getScene();
        if (!sources.isEmpty() && scene.lookup("#opening") instanceof Text opening) {
            opening.setText("opening " + String.join(", ", sources.stream().map(TraceSource::name).toList()) + "...");
        }
        if (FirstPaint.on()) {
            inspection.addNoticeListener(n -> {
                if (n.ended()) {
                    FirstPaint.say(n.source() + " " + n.text() + ":");
                }
            });
        }
        // once the line is drawn (so the window never shows blank), the sources start loading in the background
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
        Platform.requestNextPulse(); // the first frame may be out already (EarlyToolkit)
    }

    private void showViews(Inspection inspection, Stage stage, Scene scene) {
        window = new InspectorWindow(inspection);
        FirstPaint.say("views built");
        scene.setRoot(window.root());
        window.start();
        FirstPaint.afterNextPulse(scene, "views shown");
        WHEN_SHOWN.get().accept(window, stage);
    }

    /** FX thread: stops the sources and the views once (on the window's close, and again on the toolkit's exit). */
    @Override
    public void stop() {
        if (window != null) {
            window.stop();
            window = null;
        }
    }
}
