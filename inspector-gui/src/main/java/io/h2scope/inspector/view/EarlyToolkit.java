package io.h2scope.inspector.view;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * JavaFX's toolkit started, and the window shown with its one line ("starting the inspector..."), first thing in
 * {@code main}, before the command line is parsed: the first frame needs neither the parse nor the logging's start
 * (picocli's parse alone took 1.5 to 2 s under load), and run beside it they would only share the process's CPU
 * with it (a loaded machine gives a process its share, however many threads it runs). {@link InspectorApp#launch}
 * takes this window over once the command line is known; without a call to {@link #start()} it starts the toolkit
 * itself, as JavaFX's launcher does. A usage error found after it exits with its message, the window gone with the JVM.
 */
public final class EarlyToolkit {

    /** The longest {@link #start()} waits for the first frame before the command line is parsed anyway: 10 s. */
    public static final Duration FIRST_FRAME_WAIT = Duration.ofSeconds(10);

    private static volatile CompletableFuture<Stage> started; // null: not asked for; done at the first frame

    private EarlyToolkit() {
    }

    /**
     * Starts the toolkit and shows the window, once, and returns when its first frame is out (or after
     * {@link #FIRST_FRAME_WAIT}, or at once if it failed: no display, reported by the launch).
     */
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
                        Runnable[] once = new Runnable[1];
                        once[0] = () -> {
                            stage.getScene().removePostLayoutPulseListener(once[0]);
                            shown.complete(stage);
                        };
                        stage.getScene().addPostLayoutPulseListener(once[0]);
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
        try {
            shown.get(FIRST_FRAME_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the launch reports a failure; a slow start goes on beside the parse
        }
    }

    /** The window shown on the toolkit if {@link #start()} was called, else null. */
    static CompletableFuture<Stage> started() {
        return started;
    }
}
