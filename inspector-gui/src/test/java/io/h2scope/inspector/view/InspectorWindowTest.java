package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.source.EventListSource;
import io.h2scope.inspector.source.Inspection;

import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
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
        window = new InspectorWindow(new Inspection());
        stage.setScene(new Scene(window.root(), 1000, 700));
        stage.show();
        window.start();
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
        assertTrue(robot.lookup("#stream-heading").queryLabeled().getText().startsWith("Stream 3 "),
                "selecting a frame shows its stream");
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getText().contains(frames + " frames"), status.getText());
    }
}
