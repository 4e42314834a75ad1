package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.model.Recording;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The frame list with a million frames: showing them costs the FX thread no work per row (the rows are a virtual
 * list over frame numbers), and a filter over all of them runs off the FX thread.
 */
@ExtendWith(ApplicationExtension.class)
class MillionFramesTest {

    private static final int FRAMES = 1_000_000;
    /** Far more than an O(1) catch-up takes, far less than a loop boxing a million rows on a busy 2-core machine. */
    private static final long FX_BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final Recording recording = new Recording();
    private FramesView view;

    @Start
    void start(Stage stage) {
        view = new FramesView(recording, new Selection());
        stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1000, 600));
        stage.show();
    }

    private static List<TraceEvent> frames() {
        byte[] body = new byte[16];
        List<TraceEvent> events = new ArrayList<>(FRAMES);
        for (int i = 0; i < FRAMES; i++) {
            // every third frame a PING on the connection, the others DATA on stream 1
            Frame frame = i % 3 == 0 ? PingFrame.of(i) : DataFrame.of(1, body, false);
            events.add(new FrameEvent(1, i * 1_000L, i % 2 == 0 ? Direction.OUTBOUND : Direction.INBOUND,
                    FrameHeader.of(frame), frame, List.of(), 65535, 65535, -1, -1, null));
        }
        return events;
    }

    @Test
    void aMillionRowsCostTheFxThreadNothingPerRow(FxRobot robot) throws Exception {
        recording.append(recording.addSource("million"), frames());
        long[] took = new long[1];
        robot.interact(() -> {
            long t0 = System.nanoTime();
            view.catchUp();
            took[0] = System.nanoTime() - t0;
        });
        TableView<Integer> table = view.table();
        assertEquals(FRAMES, table.getItems().size());
        assertTrue(took[0] < FX_BUDGET_NANOS, "catching up with a million rows took " + took[0] / 1_000_000 + " ms");

        robot.interact(() -> table.scrollTo(FRAMES - 1));
        WaitForAsyncUtils.waitForFxEvents();
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        assertEquals(FRAMES - 1, flow.getLastVisibleCell().getIndex());
        assertEquals(FRAMES - 1, table.getItems().get(FRAMES - 1));

        @SuppressWarnings("unchecked")
        ComboBox<String> type = robot.lookup("#filter-type").queryAs(ComboBox.class);
        robot.interact(() -> {
            long t0 = System.nanoTime();
            type.setValue("PING");
            took[0] = System.nanoTime() - t0;
        });
        assertTrue(took[0] < FX_BUDGET_NANOS, "starting a filter held the FX thread " + took[0] / 1_000_000 + " ms");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !view.filteringProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals((FRAMES + 2) / 3, table.getItems().size());
        assertEquals(3, table.getItems().get(1), "row 1 is the second PING, frame 3");
    }
}
