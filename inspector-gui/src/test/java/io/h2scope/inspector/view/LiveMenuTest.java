package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.log.CategoryLog;
import io.h2scope.inspector.source.AttachSource;
import io.h2scope.inspector.source.Inspection;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Live menu of a window attached to a running engine: levels and the filter set, a recording started and stopped,
 * each in the engine itself (its state and its control log), its answer in the status line; a bad level is refused
 * in one line there.
 */
@ExtendWith(ApplicationExtension.class)
class LiveMenuTest {

    @TempDir
    Path dir;

    private final List<String> control = new CopyOnWriteArrayList<>();
    private InspectorWindow window;
    private LiveTrace live;
    private H2Server server;

    @Start
    void start(Stage stage) {
        window = new InspectorWindow(new Inspection());
        stage.setScene(new Scene(window.root(), 1100, 750));
        stage.show();
        window.start();
    }

    @AfterEach
    void stop(FxRobot robot) throws Exception {
        robot.interact(() -> window.stop());
        if (server != null) {
            server.close();
        }
        if (live != null) {
            live.close();
        }
    }

    @Test
    void levelsTheFilterAndARecordingAreSetInTheEngineAttachedTo(FxRobot robot) throws Exception {
        Path socket = dir.resolve("engine.sock");
        live = LiveTrace.start(TraceConfig.fromEnvironment(Map.of(TraceConfig.TRACE_LISTEN, socket.toString())),
                new SettableLog(), new PrintStream(new ByteArrayOutputStream()), control::add);
        server = ReferenceServer.configure(ReferenceServer.Options.h2c()).port(0).traceSink(live).start();
        window.inspection().open(new AttachSource(ListenAddress.parse(socket.toString()), null));

        levels(robot, "frames=debug", "path=/api/");
        awaitStatus(robot, s -> s.contains("engine: levels frames=debug"));
        assertTrue(status(robot).endsWith("engine: levels frames=debug,hpack=off,flow=off,state=off,conn=off  \u00b7  "
                + "only path=/api/  \u00b7  recording off"), status(robot));
        assertEquals(TraceLevel.DEBUG, live.status().levels().get(TraceCategory.FRAMES));
        assertEquals("path=/api/", live.status().only().orElseThrow().toString());

        Path file = dir.resolve("from-the-window.jsonl");
        robot.clickOn("Live").clickOn("Start recording\u2026");
        robot.clickOn("#live-record-file").write(file.toString());
        robot.clickOn("OK");
        awaitStatus(robot, s -> s.endsWith("recording " + file));
        assertEquals(Optional.of(file), live.status().recording());
        assertTrue(Files.exists(file));
        robot.clickOn("Live").clickOn("Stop recording");
        awaitStatus(robot, s -> s.endsWith("recording off"));
        assertEquals(Optional.empty(), live.status().recording());

        levels(robot, "frames=verbose", "");
        awaitStatus(robot, s -> s.contains("refused"));
        assertTrue(status(robot).endsWith(socket + ": the engine refused the command: unknown level \"verbose\" in "
                + "\"frames=verbose\"; accepted: one level (off, error, warn, info, debug, trace) or per category, e.g. "
                + "frames=debug,hpack=trace,flow=debug,state=debug,conn=info (categories: frames, hpack, flow, state, "
                + "conn)"), status(robot));
        assertEquals(TraceLevel.DEBUG, live.status().levels().get(TraceCategory.FRAMES), "unchanged");
        assertEquals(3, control.size(), control.toString());
        assertTrue(control.get(0).startsWith("trace level frames=debug --only path=/api/ by user "), control.get(0));
    }

    private static void levels(FxRobot robot, String levels, String only) {
        robot.clickOn("Live").clickOn("Levels and filter\u2026");
        robot.clickOn("#live-levels").write(levels);
        if (!only.isEmpty()) {
            robot.clickOn("#live-only").write(only);
        }
        robot.clickOn("Apply");
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#status").queryAs(Label.class).getText();
    }

    private static void awaitStatus(FxRobot robot, Predicate<String> done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.test(status(robot))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the status line says: " + status(robot));
            }
            Thread.sleep(20);
        }
    }

    /** The engine's categories, settable as logback's are. */
    private static final class SettableLog implements CategoryLog {
        private final Map<TraceCategory, TraceLevel> levels = new EnumMap<>(TraceCategory.class);

        SettableLog() {
            for (TraceCategory category : TraceCategory.values()) {
                levels.put(category, TraceLevel.OFF);
            }
        }

        @Override
        public synchronized boolean isEnabled(TraceCategory category, TraceLevel level) {
            return levels.get(category).shows(level);
        }

        @Override
        public void log(TraceCategory category, TraceLevel level, String message) {
        }

        @Override
        public synchronized boolean setLevel(TraceCategory category, TraceLevel level) {
            levels.put(category, level);
            return true;
        }
    }
}
