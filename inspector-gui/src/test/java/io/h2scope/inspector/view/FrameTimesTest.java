package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.inspector.ClockedConnections;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.RecordingFileSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The frame list's Time column on a recording of two connections that overlap in time ({@link ClockedConnections}):
 * clock time, or seconds since the recording started, the same for both connections; and the time range filter.
 */
@ExtendWith(ApplicationExtension.class)
class FrameTimesTest {

    @TempDir
    static Path dir;
    private static Path file;
    private static long frames;
    private InspectorWindow window;
    private FxRobot robot;

    @BeforeAll
    static void record() throws Exception {
        file = ClockedConnections.record(dir.resolve("two.jsonl"));
        frames = java.nio.file.Files.readAllLines(file).stream().filter(l -> l.contains("\"kind\":\"frame\"")).count();
    }

    @Start
    void start(Stage stage) {
        window = new InspectorWindow(new Inspection());
        stage.setScene(new Scene(window.root(), 1200, 800));
        stage.show();
        window.start();
    }

    private void load(FxRobot r) throws Exception {
        robot = r;
        window.inspection().open(new RecordingFileSource(file));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.inspection().recording().frameCount() == frames);
        settle();
    }

    private void settle() throws Exception {
        robot.interact(() -> window.refresh().refreshNow());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !window.frames().filteringProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private TableView<Integer> table() {
        return robot.lookup("#frames").queryAs(TableView.class);
    }

    private List<String> column(String title) {
        TableView<Integer> table = table();
        TableColumn<Integer, ?> column = table.getColumns().stream().filter(c -> c.getText().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no column " + title));
        List<String> values = new ArrayList<>();
        for (int row = 0; row < table.getItems().size(); row++) {
            values.add(String.valueOf(column.getCellObservableValue(row).getValue()));
        }
        return values;
    }

    @Test
    void theTimeColumnShowsClockTimeAcrossConnections(FxRobot r) throws Exception {
        load(r);
        List<String> times = column(FramesView.CLOCK_TITLE);
        List<String> connections = column("Conn");
        assertEquals("14:03:00.000000", times.get(0), "the first frame: connection 1's SETTINGS at its opening");
        int secondsFirst = connections.indexOf("2");
        assertEquals("14:03:01.500000", times.get(secondsFirst),
                "connection 2's first frame at its own clock time, not at 0 again: " + times);
        for (int i = 1; i < times.size(); i++) {
            assertTrue(times.get(i).compareTo(times.get(i - 1)) >= 0, "rows in time order: " + times);
        }
        assertTrue(connections.lastIndexOf("1") > secondsFirst, "connection 1 again after connection 2: " + connections);
        assertTrue(times.get(connections.lastIndexOf("1")).startsWith("14:03:03."), times.toString());

        robot.interact(() -> robot.lookup("#time-clock").queryAs(CheckBox.class).setSelected(false));
        List<String> sinceStart = column(FramesView.SINCE_START_TITLE);
        assertEquals("0.000000", sinceStart.get(0));
        assertEquals("1.500000", sinceStart.get(secondsFirst), "seconds since the recording started, not since "
                + "connection 2 did: " + sinceStart);
    }

    @Test
    void aTimeRangeShowsTheFramesBetween(FxRobot r) throws Exception {
        load(r);
        int all = table().getItems().size();
        int firstExchange = column("Conn").indexOf("2");
        robot.interact(() -> {
            robot.lookup("#filter-from").queryAs(TextField.class).setText("14:03:01");
            robot.lookup("#filter-to").queryAs(TextField.class).setText("14:03:02");
        });
        settle();
        List<String> connections = column("Conn");
        assertTrue(!connections.isEmpty() && connections.stream().allMatch("2"::equals),
                "between 14:03:01 and 14:03:02 only connection 2 spoke: " + connections);
        robot.interact(() -> {
            robot.lookup("#filter-from").queryAs(TextField.class).setText("1.5");
            robot.lookup("#filter-to").queryAs(TextField.class).setText("");
        });
        settle();
        assertEquals(all - firstExchange, table().getItems().size(),
                "from 1.5 s after the start: all but connection 1's first exchange");
        robot.interact(() -> robot.lookup("#filter-from").queryAs(TextField.class).setText("14:3x"));
        settle();
        assertTrue(robot.lookup("#filter-error").queryAs(Label.class).getText().startsWith("'14:3x' is not a time; "
                + "accepted: a time of day"), robot.lookup("#filter-error").queryAs(Label.class).getText());
    }
}
