package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.trace.explain.Finding;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.Problems.Problem;
import io.h2scope.inspector.source.EventListSource;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The display filter box and the problems view in the real window, headless, over a real client exchange and a
 * connection that breaks a rule ({@link BrokenExchange}): typed filters filter the rows, bad ones say why and keep
 * them, completion offers what may come next, and a problem selects its frame.
 */
@ExtendWith(ApplicationExtension.class)
class FilterAndProblemsTest {

    private static List<TraceEvent> exchange;
    private static List<FrameEvent> frames;
    private InspectorWindow window;
    private FxRobot robot;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(30_000);
        frames = java.util.stream.Stream.concat(exchange.stream(), BrokenExchange.events().stream())
                .filter(e -> e instanceof FrameEvent).map(e -> (FrameEvent) e).toList();
    }

    @Start
    void start(Stage stage) {
        window = ShownWindow.on(stage, 1200, 800);
    }

    private void load(FxRobot r) throws Exception {
        robot = r;
        window.inspection().open(new EventListSource("exchange", exchange));
        window.inspection().open(new EventListSource("broken", BrokenExchange.events()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> window.inspection().recording().frameCount() == frames.size());
        ShownWindow.rowsAfter(robot, window, () -> window.refresh().refreshNow());
    }

    @SuppressWarnings("unchecked")
    private TableView<Integer> framesTable() {
        return robot.lookup("#frames").queryAs(TableView.class);
    }

    private TextField filterBox() {
        return robot.lookup("#display-filter").queryAs(TextField.class);
    }

    private int rowsAfter(Runnable change) throws Exception {
        return ShownWindow.rowsAfter(robot, window, change);
    }

    @Test
    void aTypedFilterShowsTheFramesItNamesAndABadOneKeepsThem(FxRobot r) throws Exception {
        load(r);
        int all = framesTable().getItems().size();
        long headersAbove3 = frames.stream().filter(f -> f.header().typeCode() == 1 && f.streamId() > 3).count();
        assertTrue(headersAbove3 > 0 && headersAbove3 < all, "a filter that keeps some: " + headersAbove3);

        assertEquals(headersAbove3, rowsAfter(() -> filterBox().setText("type == HEADERS && stream > 3")));
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getText().startsWith(headersAbove3 + " of " + all + " frames shown"), status.getText());
        // with a box of the bar: both must hold
        TextField stream = robot.lookup("#filter-stream").queryAs(TextField.class);
        long onStream5 = frames.stream().filter(f -> f.header().typeCode() == 1 && f.streamId() == 5).count();
        assertEquals(onStream5, rowsAfter(() -> stream.setText("5")));
        assertEquals(headersAbove3, rowsAfter(() -> stream.setText("")));

        // a bad filter: the box turns red, the part in error is underlined with the message, the rows stay
        assertEquals(headersAbove3, rowsAfter(() -> filterBox().setText("type == HEADERS && strem > 3")));
        assertTrue(filterBox().getStyleClass().contains("filter-bad"));
        TextFlow error = robot.lookup("#display-filter-error").queryAs(TextFlow.class);
        assertTrue(error.isVisible());
        List<Text> parts = error.getChildren().stream().map(n -> (Text) n).toList();
        Text underlined = parts.stream().filter(Text::isUnderline).findFirst().orElseThrow();
        assertEquals("strem", underlined.getText());
        String message = parts.stream().map(Text::getText).collect(Collectors.joining());
        assertTrue(message.contains("unknown field \"strem\" (did you mean stream?)"), message);

        assertEquals(all, rowsAfter(() -> filterBox().setText("")));
        assertTrue(!filterBox().getStyleClass().contains("filter-bad") && !error.isVisible());
    }

    @Test
    void typingOffersWhatMayComeNext(FxRobot r) throws Exception {
        load(r);
        robot.clickOn(filterBox()).write("type == HE");
        WaitForAsyncUtils.waitForFxEvents();
        DisplayFilterBox box = window.frames().displayFilter();
        assertTrue(box.completion().isShowing(), "the completion menu is up");
        List<String> offered = box.completion().getItems().stream().map(MenuItem::getText).toList();
        assertEquals(List.of("HEADERS"), offered);

        robot.interact(() -> box.completion().getItems().get(0).fire());
        assertEquals("type == HEADERS ", filterBox().getText());
        long headers = frames.stream().filter(f -> f.header().typeCode() == 1).count();
        assertEquals(headers, rowsAfter(() -> { }));
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void theProblemsTabListsTheBrokenConnectionsFindingsAndAClickSelectsItsGoaway(FxRobot r) throws Exception {
        load(r);
        ProblemsView view = window.problems();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.table().getItems().size() == 2);
        robot.interact(() -> window.views().getSelectionModel().select(window.views().getTabs().stream()
                .filter(t -> "tab-problems".equals(t.getId())).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getText().contains(", 2 problems"), status.getText());

        Problem first = view.table().getItems().get(0);
        assertEquals(Finding.Kind.CONNECTION_ENDED, first.finding().kind());
        assertEquals(new ConnectionKey(1, BrokenExchange.CONNECTION), first.connection());
        robot.clickOn(robot.from(view.table()).lookup(".table-row-cell").nth(0).queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitForFxEvents();

        Integer frame = window.selection().frameProperty().get();
        assertInstanceOf(GoAwayFrame.class, window.inspection().recording().frame(frame).frame());
        assertEquals(frame, framesTable().getSelectionModel().getSelectedItem(), "the frame list selects it too");
        assertEquals(first.connection(), window.selection().connectionProperty().get());
        String account = robot.lookup("#problem-account").queryAs(TextArea.class).getText();
        assertTrue(account.startsWith("CRITICAL ") && account.contains("rule rfc9113/6.9/protocol_error")
                && account.contains("how it came:"), account);
    }
}
