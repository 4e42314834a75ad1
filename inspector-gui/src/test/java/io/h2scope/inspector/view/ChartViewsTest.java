package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.TraceText;
import io.h2scope.inspector.HandEvents;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.HpackTableAsOf;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.SettingsHistory;
import io.h2scope.inspector.model.StateDiagram;
import io.h2scope.inspector.model.StreamTransition;
import io.h2scope.inspector.model.WindowPoint;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Function;

import javax.imageio.ImageIO;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The streams, flow-control, HPACK and settings views over a real exchange (and hand-made events), headless. */
@ExtendWith(ApplicationExtension.class)
class ChartViewsTest {

    private static List<TraceEvent> exchange;
    private Stage stage;
    private Recording recording;
    private Selection selection;
    private FxRefresh refresh;
    private SelectionFocus focus;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(200_000);
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        recording = new Recording();
        selection = new Selection();
        refresh = new FxRefresh(recording);
        focus = new SelectionFocus(recording, selection);
    }

    /** Shows the view made by {@code make} over {@code events}, caught up with the recording. */
    private <V> V show(FxRobot robot, List<TraceEvent> events, Function<ChartViewsTest, V> make,
            Function<V, Node> node) {
        recording.append(recording.addSource("test"), events);
        List<V> made = new ArrayList<>();
        robot.interact(() -> {
            V view = make.apply(this);
            stage.setScene(new Scene((javafx.scene.Parent) node.apply(view), 1100, 700));
            stage.show();
            refresh.refreshNow();
            made.add(view);
        });
        return made.get(0);
    }

    private ConnectionHistory connection() {
        return recording.connection(0);
    }

    /** The first frame of the connection that {@code test} accepts. */
    private int firstFrame(java.util.function.IntPredicate test) {
        for (int f = 0; f < recording.frameCount(); f++) {
            if (test.test(f)) {
                return f;
            }
        }
        throw new AssertionError("no such frame");
    }

    /**
     * Growth redraws a view at most every 250 ms, then once more after the last growth: runs {@code check} on the FX
     * thread until it passes, and fails with its last failure after {@link Await#PATIENCE}.
     */
    private static void untilOnFx(Runnable check) throws Exception {
        long deadline = System.nanoTime() + Await.PATIENCE.toNanos();
        while (true) {
            FutureTask<Void> run = new FutureTask<>(check, null);
            Platform.runLater(run);
            try {
                run.get();
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof AssertionError failed)) {
                    throw e;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw failed;
                }
            }
            Thread.sleep(20);
        }
    }

    private static <R> Object cell(TableView<R> table, int column, int row) {
        return table.getColumns().get(column).getCellObservableValue(row).getValue();
    }

    @Test
    void theStreamsViewShowsEachStreamsStateAndItsMovesOnTheDiagram(FxRobot robot) throws Exception {
        int half = exchange.size() / 2;
        StreamsView view = show(robot, exchange.subList(0, half), t -> new StreamsView(t.focus, t.refresh), StreamsView::node);
        int streamsAtHalf = view.streams().getItems().size();
        recording.append(0, exchange.subList(half, exchange.size()));
        robot.interact(() -> refresh.refreshNow());
        // growth redraws at most every 250 ms; the trailing redraw brings the view up to date
        untilOnFx(() -> assertEquals(connection().streamIds(), view.streams().getItems(), "the list grew with the recording"));
        assertTrue(streamsAtHalf < view.streams().getItems().size(), "half the exchange has fewer streams");

        int postHeaders = firstFrame(f -> recording.frame(f).streamId() == 3);
        robot.interact(() -> selection.frameProperty().set(postHeaders));
        assertEquals("closed", cell(view.streams(), 1, view.streams().getItems().indexOf(3)));
        List<StreamTransition> moves = connection().streamTimeline(3);
        assertEquals(List.copyOf(StateDiagram.visited(moves)).stream().sorted().toList(),
                view.diagramVisitedStates().stream().sorted().toList());
        assertTrue(view.diagram().box(StreamState.OPEN).getStyleClass().contains("visited"));
        assertFalse(view.diagram().box(StreamState.RESERVED_LOCAL).getStyleClass().contains("visited"));
        assertTrue(view.diagram().box(StreamState.CLOSED).getStyleClass().contains("current"));
        assertTrue(robot.lookup("#edge-open-half_closed_local").query().getStyleClass().contains("taken"),
                "the POST's END_STREAM took open -> half-closed (local)");
        assertFalse(robot.lookup("#edge-idle-reserved_local").query().getStyleClass().contains("taken"));
        assertEquals(moves.size(), view.timeline().getItems().size());

        robot.interact(() -> view.timeline().getSelectionModel().select(moves.size() - 1));
        assertEquals(moves.get(moves.size() - 1).frameNumber(), selection.frameProperty().get(),
                "picking a move selects the frame that made it");
    }

    @Test
    void anIllegalAttemptIsMarkedOnTheDiagramAndInTheTimeline(FxRobot robot) {
        HandEvents h = new HandEvents()
                .move(1, StreamState.IDLE, StreamState.OPEN, StreamInput.RECV_HEADERS).headers(Direction.INBOUND, 1, true)
                .move(1, StreamState.OPEN, StreamState.HALF_CLOSED_REMOTE, StreamInput.RECV_END_STREAM)
                .data(Direction.INBOUND, 1, 5);
        h.add(new ErrorRaised(HandEvents.CONNECTION, h.next(), ErrorScope.STREAM, 1, ErrorCode.STREAM_CLOSED,
                "RFC 9113 §5.1", "rule", "DATA after END_STREAM"));
        StreamsView view = show(robot, h.events(), t -> new StreamsView(t.focus, t.refresh), StreamsView::node);
        assertTrue(view.diagram().box(StreamState.HALF_CLOSED_REMOTE).getStyleClass().contains("illegal"));
        assertFalse(view.diagram().box(StreamState.OPEN).getStyleClass().contains("illegal"));
        assertEquals(1, robot.lookup(".illegal-mark").queryAll().size());
        StreamsView.TimelineRow last = view.timeline().getItems().get(view.timeline().getItems().size() - 1);
        assertNotNull(last.attempt());
        assertEquals(firstFrame(f -> recording.frame(f).frame() instanceof io.h2scope.engine.frame.DataFrame),
                last.frameNumber(), "the DATA that broke the rule");
    }

    @Test
    void theChartsPointsAreTheWindowSeriesAndTheUpdatesNameTheirData(FxRobot robot) {
        FlowControlView view = show(robot, exchange, t -> new FlowControlView(t.focus, t.refresh),
                v -> v.node());
        int postData = firstFrame(f -> recording.frame(f).streamId() == 3
                && recording.frame(f).frame() instanceof io.h2scope.engine.frame.DataFrame);
        robot.interact(() -> selection.frameProperty().set(postData));
        assertSeries(view.connectionChart(), 0);
        assertSeries(view.streamChart(), 3);
        long updatesInModel = 0;
        for (int stream : new int[] {0, 3}) {
            for (WindowSide side : WindowSide.values()) {
                updatesInModel += connection().windowSeries(stream, side).stream()
                        .filter(p -> p.cause() == WindowCause.WINDOW_UPDATE).count();
            }
        }
        assertEquals(updatesInModel, view.updates().getItems().size());
        assertTrue(view.updates().getItems().stream().anyMatch(u -> view.describe(u).contains("after DATA No. ")),
                "the server's credit on stream 3 answers our DATA");
        assertFalse(robot.lookup("." + FlowControlView.UPDATE_POINT).queryAll().isEmpty());
        assertEquals(SettingsHistory.of(connection(), Integer.MAX_VALUE).initialWindowChanges().size(),
                view.streamChart().marks(FlowControlView.INITIAL_WINDOW).size());
        List<MarkedLineChart.TimeMark> cursor = view.streamChart().marks(FlowControlView.CURSOR);
        assertEquals(1, cursor.size());
        assertEquals(recording.frame(postData).nanosSinceStart(), cursor.get(0).x());
        assertTrue(view.streamChart().ranges(FlowControlView.STALL).isEmpty(), "the server's windows were ample");
    }

    @Test
    void growthAppendsToTheChartsInsteadOfDrawingThemAgain(FxRobot robot) throws Exception {
        int half = exchange.size() / 2;
        FlowControlView view = show(robot, exchange.subList(0, half), t -> new FlowControlView(t.focus, t.refresh),
                v -> v.node());
        XYChart.Series<Number, Number> line = view.connectionChart().getData().get(0);
        int before = line.getData().size();
        XYChart.Data<Number, Number> first = line.getData().get(0);
        int updatesBefore = view.updates().getItems().size();
        recording.append(0, exchange.subList(half, exchange.size()));
        robot.interact(() -> refresh.refreshNow());
        untilOnFx(() -> assertSeries(view.connectionChart(), 0)); // the trailing redraw
        assertTrue(line.getData().size() > before, "the connection's window moved in the second half");
        assertSame(line, view.connectionChart().getData().get(0), "the same line");
        assertSame(first, line.getData().get(0), "its first points kept, not made again");
        assertTrue(view.updates().getItems().size() >= updatesBefore);
        long updatesInModel = 0;
        for (WindowSide side : WindowSide.values()) {
            updatesInModel += connection().windowSeries(0, side).stream()
                    .filter(p -> p.cause() == WindowCause.WINDOW_UPDATE).count();
        }
        int stream = connection().streamIds().get(0);
        for (WindowSide side : WindowSide.values()) {
            updatesInModel += connection().windowSeries(stream, side).stream()
                    .filter(p -> p.cause() == WindowCause.WINDOW_UPDATE).count();
        }
        assertEquals(updatesInModel, view.updates().getItems().size(), "each update listed once");
        assertTrue(view.updates().getItems().stream().allMatch(u -> u.updateFrame() >= 0),
                "an update whose frame came in the second half has it now");
    }

    private void assertSeries(MarkedLineChart chart, int stream) {
        assertEquals(2, chart.getData().size(), "send and receive");
        for (XYChart.Series<Number, Number> series : chart.getData()) {
            WindowSide side = series.getName().equals(FlowControlView.seriesName(WindowSide.SEND)) ? WindowSide.SEND
                    : WindowSide.RECEIVE;
            List<WindowPoint> model = connection().windowSeries(stream, side);
            assertEquals(model.size(), series.getData().size(), "stream " + stream + " " + side);
            for (int i = 0; i < model.size(); i++) {
                assertEquals(model.get(i).nanos(), series.getData().get(i).getXValue().longValue());
                assertEquals(model.get(i).size(), series.getData().get(i).getYValue().intValue());
            }
        }
    }

    @Test
    void aWindowAtZeroIsShadedAsAStall(FxRobot robot) {
        HandEvents h = new HandEvents()
                .move(1, StreamState.IDLE, StreamState.OPEN, StreamInput.SEND_HEADERS).headers(Direction.OUTBOUND, 1, false)
                .window(1, WindowSide.SEND, 0, 100, WindowCause.OPENED)
                .window(1, WindowSide.SEND, 100, 0, WindowCause.DATA).data(Direction.OUTBOUND, 1, 100)
                .window(1, WindowSide.SEND, 0, 100, WindowCause.WINDOW_UPDATE).windowUpdate(Direction.INBOUND, 1, 100);
        FlowControlView view = show(robot, h.events(), t -> new FlowControlView(t.focus, t.refresh), v -> v.node());
        List<MarkedLineChart.TimeRange> stalls = view.streamChart().ranges(FlowControlView.STALL);
        assertEquals(1, stalls.size());
        List<WindowPoint> send = connection().windowSeries(1, WindowSide.SEND);
        assertEquals(send.get(1).nanos(), stalls.get(0).from());
        assertEquals(send.get(2).nanos(), stalls.get(0).to());
        assertEquals(1, robot.lookup("." + FlowControlView.STALL_POINT).queryAll().size());
        assertTrue(view.describe(view.updates().getItems().get(0)).contains("after DATA No. 1"), "the DATA that drained it");
    }

    @Test
    void theChartIsSavedAsAPngOfItsSize(FxRobot robot, @TempDir Path dir) throws Exception {
        FlowControlView view = show(robot, exchange, t -> new FlowControlView(t.focus, t.refresh), v -> v.node());
        Path png = dir.resolve("chart.png");
        robot.interact(() -> {
            try {
                view.savePng(png);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(Files.size(png) > 1000, "a chart, not an empty image: " + Files.size(png));
        BufferedImage image = ImageIO.read(png.toFile());
        javafx.geometry.Bounds bounds = view.charts().getBoundsInParent();
        assertEquals(Math.ceil(bounds.getWidth()), image.getWidth(), 1.0);
        assertEquals(Math.ceil(bounds.getHeight()), image.getHeight(), 1.0);
        assertTrue(image.getWidth() > 400 && image.getHeight() > 300);
    }

    @Test
    void theHpackTablesTravelBackToTheSelectedFrame(FxRobot robot) {
        HpackView view = show(robot, exchange, t -> new HpackView(t.focus, t.refresh), v -> v.node());
        List<HpackTableAsOf.Row> atEnd = List.copyOf(view.table(HpackContext.ENCODER).getItems());
        int firstRequest = firstFrame(f -> recording.frame(f).frame() instanceof HeadersFrame
                && recording.frame(f).direction() == Direction.OUTBOUND);
        robot.interact(() -> selection.frameProperty().set(firstRequest));
        List<HpackTableAsOf.Row> then = List.copyOf(view.table(HpackContext.ENCODER).getItems());
        assertEquals(HpackTableAsOf.of(connection(), firstRequest, HpackContext.ENCODER).rows(), then);
        assertNotEquals(atEnd, then, "later requests added to the table");
        assertTrue(then.size() < atEnd.size());
        assertTrue(then.stream().allMatch(r -> r.change() == HpackTableAsOf.Change.INSERTED));
        assertTrue(robot.lookup("#hpack-encoder-size").queryLabeled().getText()
                .contains(", " + then.stream().mapToInt(HpackTableAsOf.Row::size).sum() + " of 4096 octets"));
        assertEquals(List.of(), view.table(HpackContext.DECODER).getItems(), "no response yet at the first request");
    }

    @Test
    void theSettingsShowBothSidesValuesDefaultsAndAckTimes(FxRobot robot) {
        SettingsView view = show(robot, exchange, t -> new SettingsView(t.focus, t.refresh), v -> v.node());
        TableView<SettingsView.ValueRow> values = view.values();
        assertEquals(SettingId.values().length, values.getItems().size());
        int window = List.of(SettingId.values()).indexOf(SettingId.INITIAL_WINDOW_SIZE);
        int table = List.of(SettingId.values()).indexOf(SettingId.HEADER_TABLE_SIZE);
        SettingsHistory history = SettingsHistory.of(connection(), Integer.MAX_VALUE);
        assertEquals(String.valueOf(history.inForce(Side.LOCAL).initialWindowSize()), cell(values, 2, window));
        assertEquals(String.valueOf(history.inForce(Side.REMOTE).initialWindowSize()), cell(values, 4, window));
        assertEquals("4096 (default)", cell(values, 2, table));
        assertTrue(values.getColumns().get(2).getText().startsWith("Ours (client)"));
        SettingsHistory.Announcement ours = history.announcements().stream().filter(a -> a.side() == Side.LOCAL)
                .findFirst().orElseThrow();
        int row = view.frames().getItems().indexOf(ours);
        assertEquals(TraceText.time(ours.ackedNanos()), cell(view.frames(), 3, row));
        assertTrue(((String) cell(values, 3, window)).contains("ACKed at " + TimeText.seconds(ours.ackedNanos())));
    }

    /**
     * A real download by curl (2 MiB from ./h2scope serve, curl's 1 MiB connection window beside the server's 64 KiB
     * send window; src/test/resources/.../curl-2mib-download.jsonl): the lines lie below the marks' labels, hovering
     * says each window's exact size and the frame that set it, and the time axis zooms and pans on both charts.
     */
    @Test
    void aCurlDownloadsChartsZoomAndSayTheExactWindowsUnderTheMouse(FxRobot robot) throws Exception {
        List<TraceEvent> download;
        try (var in = ChartViewsTest.class.getResourceAsStream("/io/h2scope/inspector/curl-2mib-download.jsonl")) {
            java.nio.file.Path copy = java.nio.file.Files.createTempFile("curl", ".jsonl");
            java.nio.file.Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            download = io.h2scope.engine.trace.jsonl.JsonlTraceReader.read(copy);
            java.nio.file.Files.delete(copy);
        }
        FlowControlView view = show(robot, download, t -> new FlowControlView(t.focus, t.refresh), v -> v.node());
        int data = firstFrame(f -> recording.frame(f).header().typeCode() == 0);
        robot.interact(() -> selection.frameProperty().set(data));
        untilOnFx(() -> {
            MarkedLineChart chart = view.connectionChart();
            chart.layout();
            NumberAxis y = (NumberAxis) chart.getYAxis();
            double highest = chart.getData().stream().flatMap(series -> series.getData().stream())
                    .mapToDouble(d -> d.getYValue().doubleValue()).max().orElseThrow();
            assertTrue(y.getDisplayPosition(highest) >= MarkedLineChart.LABEL_BAND - 1,
                    "the highest point " + highest + " lies below the labels' band: at " + y.getDisplayPosition(highest));
            assertEquals(1, chart.marks(FlowControlView.CURSOR).size());
        });
        robot.interact(() -> {
            long at = recording.frame(data).nanosSinceStart();
            String text = view.hoverText(view.connectionChart(), at);
            assertTrue(text.contains("send ") && text.contains("receive "), text);
            ConnectionHistory c = connection();
            WindowPoint send = FlowControlView.inForce(new io.h2scope.inspector.model.WindowSeriesTail(c, 0,
                    io.h2scope.engine.flow.WindowSide.SEND).next().points(), at);
            assertTrue(text.contains(String.format("send %,d octets", send.size())), text + " / " + send);
            assertTrue(text.matches("(?s).*(DATA|WINDOW_UPDATE|INITIAL_WINDOW_SIZE) No\\. \\d+.*"), text);

            TimeZoom zoom = view.zoom();
            NumberAxis x = (NumberAxis) view.connectionChart().getXAxis();
            double span = x.getUpperBound() - x.getLowerBound();
            zoom.zoom(at, 0.25);
            NumberAxis other = (NumberAxis) view.streamChart().getXAxis();
            assertEquals(span * 0.25, x.getUpperBound() - x.getLowerBound(), span * 1e-9);
            assertEquals(x.getLowerBound(), other.getLowerBound(), 0, "both charts show the same stretch");
            double lower = x.getLowerBound();
            zoom.pan(1000);
            assertEquals(lower + 1000, other.getLowerBound(), 1e-6);
            zoom.reset();
            assertTrue(x.isAutoRanging() && other.isAutoRanging());

            // each line to its own range: the 64 KiB send window reaches the top as the 1 MiB receive window does
            view.ownRanges().setSelected(true);
            for (var series : view.connectionChart().getData()) {
                double reach = series.getData().stream().mapToDouble(d -> Math.abs(d.getYValue().doubleValue()))
                        .max().orElseThrow();
                assertEquals(100, reach, 1e-9, series.getName());
            }
            assertTrue(view.hoverText(view.connectionChart(), at).contains(String.format("send %,d octets", send.size())),
                    "the tooltip keeps the octets");
            view.ownRanges().setSelected(false);
            double highest = view.connectionChart().getData().stream().flatMap(series -> series.getData().stream())
                    .mapToDouble(d -> d.getYValue().doubleValue()).max().orElseThrow();
            assertTrue(highest > 100_000, "octets again: " + highest);
        });
    }
}
