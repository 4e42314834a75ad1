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
 * The frame list with a million frames: the rows are a virtual list over frame numbers, and a filter over all of
 * them runs off the FX thread (the FX thread's time for both is printed for a look, not asserted: a loaded machine
 * stretches it for its own reasons).
 */
@ExtendWith(ApplicationExtension.class)
class MillionFramesTest {

    private static final int FRAMES = 1_000_000;

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
    void aMillionRowsAreAVirtualListAndTheirFilterRunsOffTheFxThread(FxRobot robot) throws Exception {
        recording.append(recording.addSource("million"), frames());
        long[] took = new long[1];
        robot.interact(() -> {
            long t0 = System.nanoTime();
            view.catchUp();
            took[0] = System.nanoTime() - t0;
        });
        TableView<Integer> table = view.table();
        assertEquals(FRAMES, table.getItems().size());
        assertTrue(table.getItems() instanceof FrameRows, "the rows are the virtual list, nothing kept per row: "
                + table.getItems().getClass());
        long catchUp = took[0];

        robot.interact(() -> table.scrollTo(FRAMES - 1));
        WaitForAsyncUtils.waitForFxEvents();
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        assertEquals(FRAMES - 1, flow.getLastVisibleCell().getIndex());
        assertEquals(FRAMES - 1, table.getItems().get(FRAMES - 1));

        @SuppressWarnings("unchecked")
        ComboBox<String> type = robot.lookup("#filter-type").queryAs(ComboBox.class);
        boolean[] filteringWhenSet = new boolean[1];
        int[] rowsWhenSet = new int[1];
        robot.interact(() -> {
            long t0 = System.nanoTime();
            type.setValue("PING");
            took[0] = System.nanoTime() - t0;
            // still on the FX thread: the filter was handed to its worker, the rows are not filtered yet
            filteringWhenSet[0] = view.filteringProperty().get();
            rowsWhenSet[0] = table.getItems().size();
        });
        assertTrue(filteringWhenSet[0], "the filter runs off the FX thread, not before setValue returns");
        assertEquals(FRAMES, rowsWhenSet[0], "the FX thread did not filter the rows itself");
        System.out.printf("a million frames: the FX thread caught up in %d ms, started the filter in %d ms%n",
                catchUp / 1_000_000, took[0] / 1_000_000);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !view.filteringProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals((FRAMES + 2) / 3, table.getItems().size());
        assertEquals(3, table.getItems().get(1), "row 1 is the second PING, frame 3");
    }
}
