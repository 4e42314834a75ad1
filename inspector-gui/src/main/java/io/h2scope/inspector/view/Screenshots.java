package io.h2scope.inspector.view;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.source.EventListSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.control.Tab;
import javafx.scene.image.WritableImage;
import javafx.scene.robot.Robot;
import javafx.util.Duration;

import javax.imageio.ImageIO;

/**
 * Screenshots of the inspector for docs/INSPECTOR.md and the README, from a real window (scripts/screenshots runs
 * it under Xvfb): opens a trace, selects a frame, then shows each tab below the frame list in turn, whatever tabs
 * the window has, and writes the window's pixels as captured from the screen to {@code OUT/<tab>.png}; then quits.
 *
 * <p>Usage: {@code Screenshots TRACE.jsonl OUT-DIR [FRAME-NUMBER]} (default: the first HEADERS received).
 */
public final class Screenshots {

    /** Time for a tab to lay out and draw before its capture. */
    private static final Duration SETTLE = Duration.millis(600);
    /** Time for a new window to appear on the screen at all (a capture before it is blank). */
    private static final Duration FIRST_PAINT = Duration.millis(2000);

    /** The window's size in the images (scripts/screenshots' screen is 1280x860). */
    private static final double WIDTH = 1280;
    private static final double HEIGHT = 860;

    private final InspectorWindow window;
    private final Path out;
    private final Deque<Tab> tabs;

    private Screenshots(InspectorWindow window, Path out) {
        this.window = window;
        this.out = out;
        this.tabs = new ArrayDeque<>(window.views().getTabs());
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: Screenshots TRACE.jsonl OUT-DIR [FRAME-NUMBER]");
            System.exit(2);
        }
        Path trace = Path.of(args[0]);
        Path out = Files.createDirectories(Path.of(args[1]));
        Integer frame = args.length == 3 ? Integer.valueOf(args[2]) : null;
        var events = JsonlTraceReader.read(trace);
        InspectorApp.launch(List.of(new EventListSource(trace.getFileName().toString(), events)), (window, stage) -> {
            stage.setX(0); // the same images whatever size the window was last left at
            stage.setY(0);
            stage.setWidth(WIDTH);
            stage.setHeight(HEIGHT);
            window.refresh().refreshNow();
            Recording recording = window.inspection().recording();
            int selected = frame != null ? frame : firstInboundHeaders(recording);
            window.frames().table().getSelectionModel().clearAndSelect(selected);
            window.frames().table().scrollTo(Math.max(0, selected - 3));
            window.selection().frameProperty().set(selected);
            PauseTransition shown = new PauseTransition(FIRST_PAINT);
            shown.setOnFinished(e -> new Screenshots(window, out).next());
            shown.play();
        });
    }

    private static int firstInboundHeaders(Recording recording) {
        for (int i = 0; i < recording.frameCount(); i++) {
            FrameEvent f = recording.frame(i);
            if (f.direction() == Direction.INBOUND && f.frame().type() == FrameType.HEADERS) {
                return i;
            }
        }
        return 0;
    }

    /** Shows the next tab, waits for it to draw, captures it; quits after the last. */
    private void next() {
        Tab tab = tabs.poll();
        if (tab == null) {
            Platform.exit();
            return;
        }
        window.views().getSelectionModel().select(tab);
        PauseTransition settle = new PauseTransition(SETTLE);
        settle.setOnFinished(e -> {
            capture(tab.getId().replaceFirst("^tab-", ""));
            next();
        });
        settle.play();
    }

    private void capture(String name) {
        Bounds scene = window.root().localToScreen(window.root().getBoundsInLocal());
        WritableImage image = new Robot().getScreenCapture(null, scene.getMinX(), scene.getMinY(), scene.getWidth(),
                scene.getHeight(), false);
        Path file = out.resolve(name + ".png");
        try {
            ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
            System.out.println("screenshot " + file);
        } catch (IOException e) {
            System.err.println("cannot write " + file + ": " + e.getMessage());
        }
    }
}
