package io.h2scope.inspector.view;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.filter.DisplayFilter;
import io.h2scope.inspector.source.EventListSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.PauseTransition;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.control.CheckBox;
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
 *
 * <p>A scene of real traffic is one image: {@code Screenshots --scene NAME TAB TRACE.jsonl OUT-DIR [FILTER [SELECT]]}
 * opens the trace, types FILTER in the display filter box, selects the first frame SELECT (a filter too) matches,
 * shows tab TAB (its id without {@code tab-}: flow-control, problems, ...) and writes {@code OUT-DIR/NAME.png}.
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
        if (args.length >= 5 && args[0].equals("--scene")) {
            scene(args);
            return;
        }
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: Screenshots TRACE.jsonl OUT-DIR [FRAME-NUMBER]\n"
                    + "       Screenshots --scene NAME TAB TRACE.jsonl OUT-DIR [FILTER [SELECT]]");
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

    /** One image of one tab, the frame list under a display filter, a chosen frame selected. */
    private static void scene(String[] args) throws IOException {
        // a scene that cannot be made (no frame matches, no such tab) ends the run with the reason, never a hang
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            System.err.println("screenshots: scene " + args[1] + ": " + e.getMessage());
            System.exit(1);
        });
        String name = args[1];
        String tabId = "tab-" + args[2];
        Path trace = Path.of(args[3]);
        Path out = Files.createDirectories(Path.of(args[4]));
        String filter = args.length > 5 ? args[5] : "";
        String select = args.length > 6 ? args[6] : "";
        var events = JsonlTraceReader.read(trace);
        InspectorApp.launch(List.of(new EventListSource(trace.getFileName().toString(), events)), (window, stage) -> {
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(WIDTH);
            stage.setHeight(HEIGHT);
            window.refresh().refreshNow();
            Recording recording = window.inspection().recording();
            Tab tab = window.views().getTabs().stream().filter(t -> tabId.equals(t.getId())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no tab " + tabId + "; the window has "
                            + window.views().getTabs().stream().map(Tab::getId).toList()));
            window.frames().displayFilter().field().setText(filter);
            int selected = select.isEmpty() ? firstInboundHeaders(recording) : firstMatching(recording, select);
            window.selection().frameProperty().set(selected); // the list selects its row once its filter has it
            window.views().getSelectionModel().select(tab);
            whenSettled(window, () -> {
                if (tabId.equals("tab-problems") && !window.problems().table().getItems().isEmpty()) {
                    window.problems().table().getSelectionModel().select(0); // its whole account shows below
                }
                if (tabId.equals("tab-flow-control")) { // real windows differ by orders of magnitude: a range each
                    window.root().lookupAll(".check-box").stream().map(CheckBox.class::cast)
                            .filter(c -> c.getText().startsWith("Each line to its own range"))
                            .forEach(c -> c.setSelected(true));
                }
            }, () -> {
                new Screenshots(window, out).capture(name);
                Platform.exit();
            });
        });
    }

    /**
     * Runs {@code capture} once the window has had its first paint, the frame list has applied its filter and selected
     * its row, then {@code prepare} and one more settle time: a loaded machine takes longer than any fixed pause.
     */
    private static void whenSettled(InspectorWindow window, Runnable prepare, Runnable capture) {
        long earliest = System.nanoTime() + (long) FIRST_PAINT.toMillis() * 1_000_000L;
        long latest = earliest + 60_000_000_000L; // then the image is taken as it is, and said so
        Timeline look = new Timeline();
        look.getKeyFrames().add(new KeyFrame(Duration.millis(200), e -> {
            boolean ready = System.nanoTime() - earliest >= 0 && !window.frames().filteringProperty().get()
                    && window.frames().table().getSelectionModel().getSelectedIndex() >= 0;
            boolean late = System.nanoTime() - latest >= 0;
            if (late) {
                System.err.println("screenshots: the list had not settled after 60 s; taking the image as it is");
            }
            if (ready || late) {
                look.stop();
                prepare.run();
                PauseTransition settle = new PauseTransition(SETTLE);
                settle.setOnFinished(done -> capture.run());
                settle.play();
            }
        }));
        look.setCycleCount(Animation.INDEFINITE);
        look.play();
    }

    private static int firstMatching(Recording recording, String filter) {
        DisplayFilter.Matcher matcher = DisplayFilter.compile(filter, recording.startClock()).matcher(recording);
        for (int i = 0; i < recording.frameCount(); i++) {
            if (matcher.matches(i)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no frame matches " + filter);
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
