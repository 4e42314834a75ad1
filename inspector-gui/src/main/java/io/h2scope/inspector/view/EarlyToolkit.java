package io.h2scope.inspector.view;

import java.util.concurrent.CompletableFuture;

import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * JavaFX's toolkit started, and the window shown with its one line ("starting the inspector..."), on a thread of its
 * own at the very start of {@code main}, while the command line is parsed: under load the two took turns (picocli's
 * parse 1.5 to 2 s, then the toolkit's start about 1 s) before the first frame. {@link InspectorApp#launch} takes
 * this window over once the command line is known; without a call to {@link #start()} it starts the toolkit itself,
 * as JavaFX's launcher does. A usage error found after it exits with its message, the window gone with the JVM.
 */
public final class EarlyToolkit {

    private static volatile CompletableFuture<Stage> started; // null: not asked for

    private EarlyToolkit() {
    }

    /** Starts the toolkit and shows the window in the background, once; a failure (no display) is reported by the launch. */
    public static synchronized void start() {
        if (started != null) {
            return;
        }
        CompletableFuture<Stage> shown = new CompletableFuture<>();
        started = shown;
        FirstPaint.on(); // its clock, when asked for, starts beside the toolkit too
        CompletableFuture<WindowSize> size = CompletableFuture.supplyAsync(WindowSize::remembered); // an XML file
        Thread thread = new Thread(() -> {
            try {
                Platform.startup(() -> {
                    FirstPaint.say("toolkit started");
                    try {
                        Stage stage = new Stage();
                        InspectorApp.showFirst(stage, size.join());
                        shown.complete(stage);
                    } catch (RuntimeException e) {
                        shown.completeExceptionally(e);
                    }
                });
            } catch (RuntimeException | Error e) {
                shown.completeExceptionally(e);
            }
        }, "h2scope-fx-start");
        thread.setDaemon(true);
        thread.start();
    }

    /** The window shown on the toolkit if {@link #start()} was called, else null. */
    static CompletableFuture<Stage> started() {
        return started;
    }
}
