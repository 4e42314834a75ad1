package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.source.AttachSource;
import io.h2scope.inspector.source.RecordingFileSource;
import io.h2scope.inspector.source.SourceSink;
import io.h2scope.inspector.source.TraceSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The status line says what the sources are doing: attached to what, since when, the events and connections seen,
 * a gap, that connections closed before the attach are not shown, reconnecting after the engine went and attached
 * again to a new one; a file loading has a Cancel button that keeps
 * what was read and says how much.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(120)
class StatusLineTest {

    @TempDir
    Path dir;

    private InspectorWindow window;

    @Start
    void start(Stage stage) {
        window = ShownWindow.on(stage, 1200, 700);
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> window.stop());
    }

    private String awaitStatus(FxRobot robot, Predicate<String> wanted, String what) throws Exception {
        AtomicReference<String> text = new AtomicReference<>("");
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> {
                robot.interact(() -> text.set(robot.lookup("#status").queryAs(Label.class).getText()));
                return wanted.test(text.get());
            });
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(what + "; the status line says: " + text.get(), e);
        }
        return text.get();
    }

    @Test
    void attachedToARunningEngineItSaysToWhatSinceWhenAndWhatItSaw(FxRobot robot) throws Exception {
        Path socket = dir.resolve("engine.sock");
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse(socket.toString()),
                new PrintStream(new ByteArrayOutputStream()))) {
            live.onEvent(ConnectionOpened.of(4, 0, Role.SERVER)); // open before the window attaches: in its snapshot
            window.inspection().open(new AttachSource(ListenAddress.parse(socket.toString()), null));
            String attached = awaitStatus(robot, s -> s.contains("1 connections ("),
                    "the open connection's snapshot counted");
            assertTrue(Pattern.compile("attached to " + Pattern.quote(socket.toString())
                    + " since \\d\\d:\\d\\d:\\d\\d: \\d+ events, 1 connections \\(connections closed before the attach "
                    + "are not shown\\)").matcher(attached).find(), attached);
            live.onEvent(ConnectionOpened.of(5, 10, Role.SERVER));
            awaitStatus(robot, s -> s.contains(", 2 connections ("), "a connection opened after the attach counted");
        }
        String closed = awaitStatus(robot, s -> s.contains("reconnecting… to " + socket + " (dropped at "),
                "trying again once the engine closed the stream");
        assertTrue(closed.contains(" closed the stream after "), closed);
        assertTrue(!closed.contains("attached to"), closed);
        try (LiveTrace again = LiveTrace.listening(ListenAddress.parse(socket.toString()),
                new PrintStream(new ByteArrayOutputStream()))) {
            again.onEvent(ConnectionOpened.of(4, 0, Role.SERVER)); // the new engine's ids start again
            String back = awaitStatus(robot, s -> s.contains("attached again to " + socket), "attached again");
            assertTrue(back.contains("a new engine (pid "), back);
            awaitStatus(robot, s -> s.startsWith("0 frames, 3 connections"), "its connection 4 apart from the first's");
        }
    }

    @Test
    void aGapSaysHowManyEventsTheEngineDroppedForTheWindow(FxRobot robot) throws Exception {
        // the engine drops events only for a reader slower than it: a peer that writes the gap line the engine writes
        try (ServerSocket engine = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            window.inspection().open(new AttachSource(ListenAddress.parse("127.0.0.1:" + engine.getLocalPort()), "t"));
            try (Socket s = engine.accept()) {
                s.getOutputStream().write((TraceEventJson.write(ConnectionOpened.of(9, 0, Role.SERVER)) + "\n"
                        + "{\"v\":2,\"kind\":\"gap\",\"dropped\":37}\n").getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                String gap = awaitStatus(robot, s2 -> s2.contains("gap of 37 events"), "the gap in the status line");
                assertTrue(gap.contains(": 1 events, 1 connections, gap of 37 events"), gap);
            }
        }
    }

    @Test
    void cancellingABigFileKeepsWhatWasReadAndSaysHowMuch(FxRobot robot) throws Exception {
        List<String> one = new ArrayList<>();
        for (TraceEvent e : RecordedExchange.clientEvents(50_000)) {
            one.add(TraceEventJson.write(e));
        }
        List<String> all = new ArrayList<>();
        long octets = 0;
        while (octets < 32L << 20) {
            all.addAll(one);
            octets += one.stream().mapToLong(l -> l.length() + 1).sum();
        }
        Path file = Files.write(dir.resolve("big.jsonl"), all, StandardCharsets.US_ASCII);
        CountDownLatch cancelled = new CountDownLatch(1);
        window.inspection().open(heldAfterEachBatch(new RecordingFileSource(file), cancelled));
        awaitStatus(robot, s -> s.contains("loading big.jsonl: "), "the load's progress");
        Button cancel = robot.lookup("#cancel-loading").queryAs(Button.class);
        assertTrue(cancel.isVisible(), "Cancel shows while the file loads");
        robot.clickOn(cancel);
        cancelled.countDown();
        String status = awaitStatus(robot, s -> s.contains("cancelled after"), "the cancel in the status line");
        Matcher m = Pattern.compile("big.jsonl: cancelled after (\\d+) events \\((\\d+) of (\\d+) MiB read\\); the events "
                + "read are kept").matcher(status);
        assertTrue(m.find(), status);
        long kept = Long.parseLong(m.group(1));
        assertTrue(kept > 0 && kept < all.size(), kept + " of " + all.size());
        assertEquals(kept, window.inspection().recording().eventCount());
        robot.interact(() -> assertTrue(!cancel.isVisible(), "no Cancel once nothing loads"));
    }

    /**
     * {@code file} with each batch held until the test has clicked Cancel, so the cancel lands mid-file: every call
     * goes to the file source, the sink it is started with held after each batch.
     */
    private static TraceSource heldAfterEachBatch(RecordingFileSource file, CountDownLatch release) {
        return (TraceSource) Proxy.newProxyInstance(TraceSource.class.getClassLoader(), new Class<?>[] {TraceSource.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("start")) {
                        SourceSink sink = (SourceSink) args[0];
                        args = new Object[] {Proxy.newProxyInstance(SourceSink.class.getClassLoader(),
                                new Class<?>[] {SourceSink.class}, (p, m, a) -> {
                                    Object result = m.invoke(sink, a);
                                    if (m.getName().equals("events")) {
                                        release.await(60, TimeUnit.SECONDS);
                                    }
                                    return result;
                                })};
                    }
                    return method.invoke(file, args);
                });
    }
}
