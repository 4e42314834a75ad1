package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.source.EventListSource;

import io.h2scope.engine.trace.jsonl.TraceEventJson;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class InspectorWindowTest {

    private static List<TraceEvent> exchange;
    private InspectorWindow window;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(50_000);
    }

    @Start
    void start(Stage stage) {
        window = ShownWindow.on(stage, 1000, 700);
    }

    @Test
    void aRecordingOpenedShowsARowPerFrame(FxRobot robot) {
        window.inspection().open(new EventListSource("exchange", exchange));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.refresh().refreshNow());
        TableView<?> table = robot.lookup("#frames").queryAs(TableView.class);
        long frames = exchange.stream().filter(e -> e instanceof FrameEvent).count();
        assertEquals(frames, table.getItems().size());
        assertEquals(exchange.stream().filter(e -> e instanceof FrameEvent).findFirst().orElseThrow(),
                window.frames().frameAt(0));
        for (String tab : List.of("streams", "flow-control", "hpack", "settings")) {
            assertTrue(robot.lookup("#views").queryAs(javafx.scene.control.TabPane.class).getTabs().stream()
                    .anyMatch(t -> ("tab-" + tab).equals(t.getId())), tab);
        }
        int onStream3 = 0;
        while (window.frames().frameAt(onStream3).streamId() != 3) {
            onStream3++;
        }
        int frame = onStream3;
        robot.interact(() -> window.selection().frameProperty().set(frame));
        assertTrue(robot.lookup("#stream-heading").tryQuery().isEmpty(), "the Streams tab is built when first shown");
        robot.interact(() -> ShownWindow.select(window, "tab-streams"));
        assertTrue(robot.lookup("#stream-heading").queryLabeled().getText().startsWith("Stream 3 "),
                "built once shown, it shows the stream of the frame selected before");
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getText().contains(frames + " frames"), status.getText());
    }

    @Test
    void aViewWhoseTabIsNotShownHearsOfGrowthOnlyOnceItIsShown(FxRobot robot) {
        Recording recording = new Recording();
        int source = recording.addSource("live");
        BooleanProperty shown = new SimpleBooleanProperty(false);
        List<Integer> told = new ArrayList<>();
        FxRefresh[] refresh = new FxRefresh[1];
        robot.interact(() -> {
            refresh[0] = new FxRefresh(recording);
            refresh[0].whileShown(shown).onGrowth(told::add);
        });
        recording.append(source, exchange.subList(0, 10));
        robot.interact(() -> refresh[0].refreshNow());
        recording.append(source, exchange.subList(10, 20));
        robot.interact(() -> refresh[0].refreshNow());
        assertEquals(List.of(), told, "hidden: nothing done");
        robot.interact(() -> shown.set(true));
        assertEquals(List.of(20), told, "shown: told once, of the count it missed");
        recording.append(source, exchange.subList(20, 30));
        robot.interact(() -> refresh[0].refreshNow());
        assertEquals(List.of(20, 30), told, "while shown: told at each refresh that found growth");
        robot.interact(() -> {
            shown.set(false);
            shown.set(true);
        });
        assertEquals(List.of(20, 30), told, "shown again with nothing missed: nothing to do");
    }

    @Test
    void growthWithoutPauseReachesTheViewsFromAPulseAtMostOncePerPeriod(FxRobot robot) {
        Recording recording = new Recording();
        int source = recording.addSource("live");
        List<Integer> told = new ArrayList<>();
        FxRefresh[] refresh = new FxRefresh[1];
        robot.interact(() -> {
            refresh[0] = new FxRefresh(recording);
            refresh[0].onGrowth(told::add);
        });
        long period = FxRefresh.GROWTH_PERIOD_NANOS;
        long t0 = 1_000_000_000L;
        recording.append(source, exchange.subList(0, 10));
        robot.interact(() -> refresh[0].pulse(t0));
        assertEquals(List.of(10), told, "the first growth: at once");
        recording.append(source, exchange.subList(10, 20));
        robot.interact(() -> refresh[0].pulse(t0 + period / 2));
        assertEquals(List.of(10), told, "half a period later: the pulse only draws");
        recording.append(source, exchange.subList(20, 30));
        robot.interact(() -> refresh[0].pulse(t0 + period));
        assertEquals(List.of(10, 30), told, "a period later: told once, of all that came meanwhile");
        robot.interact(() -> refresh[0].pulse(t0 + 3 * period));
        assertEquals(List.of(10, 30), told, "no growth: nothing to tell");
        recording.append(source, exchange.subList(30, 40));
        robot.interact(() -> refresh[0].refreshNow());
        assertEquals(List.of(10, 30, 40), told, "asked for now (a test, a user's action): no period");
    }

    @Test
    void theFirstSceneIsOneLineAndNoControl(FxRobot robot) {
        Stage[] first = new Stage[1];
        java.util.prefs.Preferences node = java.util.prefs.Preferences.userRoot()
                .node("h2scope-test-first-scene-" + ProcessHandle.current().pid()); // not the user's size
        robot.interact(() -> {
            first[0] = new Stage();
            InspectorApp.showFirst(first[0], new WindowSize(node));
        });
        try {
            javafx.scene.Parent root = first[0].getScene().getRoot();
            assertEquals("starting the inspector...", ((javafx.scene.text.Text) root.lookup("#opening")).getText());
            assertTrue(root.lookupAll("*").stream().noneMatch(n -> n instanceof javafx.scene.control.Control),
                    "a control would load and apply modena.css before the first frame");
        } finally {
            robot.interact(() -> first[0].hide());
            try {
                node.removeNode();
            } catch (java.util.prefs.BackingStoreException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void twentyThousandEventsASecondKeepTheWindowResponsive(FxRobot robot) throws Exception {
        int perSecond = 20_000;
        int seconds = 3;
        java.util.concurrent.atomic.AtomicLong worstWait = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong worstCatchUp = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicInteger growthCalls = new java.util.concurrent.atomic.AtomicInteger();
        robot.interact(() -> window.refresh().onGrowth(count -> growthCalls.incrementAndGet()));
        int source = window.inspection().recording().addSource("live");
        Thread engine = new Thread(() -> {
            long start = System.nanoTime();
            int sent = 0;
            while (sent < perSecond * seconds) {
                long due = (System.nanoTime() - start) * perSecond / 1_000_000_000L;
                List<TraceEvent> batch = new ArrayList<>();
                while (sent < due) {
                    batch.add(exchange.get(sent % exchange.size()));
                    sent++;
                }
                window.inspection().recording().append(source, batch);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        List<Long> waits = new ArrayList<>();
        // the window's first layout (every control styled, under load seconds of the FX thread) is the start's
        // cost (scripts/first-paint), not the flow's: the flow starts once it is done
        java.util.concurrent.CountDownLatch laidOut = new java.util.concurrent.CountDownLatch(1);
        robot.interact(() -> {
            window.root().getScene().addPostLayoutPulseListener(laidOut::countDown);
            javafx.application.Platform.requestNextPulse();
        });
        assertTrue(laidOut.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS), "no pulse laid the window out");
        WaitForAsyncUtils.waitForFxEvents();
        engine.start();
        while (engine.isAlive()) {
            long asked = System.nanoTime();
            java.util.concurrent.CountDownLatch ran = new java.util.concurrent.CountDownLatch(1);
            javafx.application.Platform.runLater(() -> {
                long t = System.nanoTime();
                window.refresh().pulse(t); // what a pulse does
                worstCatchUp.accumulateAndGet(System.nanoTime() - t, Math::max);
                ran.countDown();
            });
            ran.await();
            waits.add(System.nanoTime() - asked);
            worstWait.accumulateAndGet(System.nanoTime() - asked, Math::max);
            Thread.sleep(16);
        }
        robot.interact(() -> window.refresh().refreshNow());
        assertEquals(window.inspection().recording().frameCount(), window.frames().table().getItems().size());
        waits.sort(null);
        long p95 = waits.get(waits.size() * 95 / 100);
        System.out.printf("20,000 events/s for %d s, %d waits: for the FX thread median %.1f ms, p95 %.1f ms, worst %.1f ms;"
                + " worst catch-up %.1f ms%n", seconds, waits.size(), waits.get(waits.size() / 2) / 1e6, p95 / 1e6,
                worstWait.get() / 1e6, worstCatchUp.get() / 1e6);
        // the times above are printed for a look (docs/BENCHMARKS.md has them measured); what must hold on any
        // machine is that the views hear of growth once per pulse at most, not once per event or per batch
        int events = perSecond * seconds;
        assertTrue(growthCalls.get() < events / 100, growthCalls.get() + " growth calls for " + events + " events");
    }

    @Test
    void aFileOpenedAsFileOpenDoesShowsItsRowsAndABadLineInTheStatus(FxRobot robot, @TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        for (TraceEvent e : exchange) {
            lines.add(TraceEventJson.write(e));
        }
        lines.add(2, "not a trace line");
        Path file = Files.write(dir.resolve("opened.jsonl"), lines, StandardCharsets.US_ASCII);
        robot.interact(() -> window.opening().open(file));
        long frames = exchange.stream().filter(e -> e instanceof FrameEvent).count();
        Label status = robot.lookup("#status").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS, () -> {
            robot.interact(() -> window.refresh().refreshNow());
            return status.getText().contains("events read, 1 bad line skipped");
        });
        TableView<?> table = robot.lookup("#frames").queryAs(TableView.class);
        assertEquals(frames, table.getItems().size());
        assertEquals(exchange.stream().filter(e -> e instanceof FrameEvent).findFirst().orElseThrow(),
                window.frames().frameAt(0));
        assertTrue(window.inspection().notices().get(0).text().startsWith("line 3 of opened.jsonl skipped: not JSON"),
                window.inspection().notices().toString());
        // the rows are drawn on a later pulse than the one that set the items
        WaitForAsyncUtils.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS,
                () -> robot.lookup(".table-row-cell").queryAll().size() > 3);
    }
}
