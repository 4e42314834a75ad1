package io.h2scope.inspector.view;

import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.engine.trace.text.TraceText;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.SettingsHistory;
import io.h2scope.inspector.model.SettingsHistory.InitialWindowChange;
import io.h2scope.inspector.model.WindowPoint;
import io.h2scope.inspector.model.WindowSampling;
import io.h2scope.inspector.model.WindowSeriesTail;
import io.h2scope.inspector.model.WindowStall;
import io.h2scope.inspector.model.WindowUpdateCause;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.image.WritableImage;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Polygon;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import javafx.util.StringConverter;

/**
 * Flow control (RFC 9113 §6.9) of the focused connection: one chart of the connection's two windows and one of the
 * focused stream's, over time since the connection started. "send" is what this endpoint may still send, "receive"
 * what the peer may still send. Stalls (window at or below 0) are shaded and their points red; WINDOW_UPDATE points
 * are green, and the list beside names the DATA each one answers; a SETTINGS that changed the initial window is a
 * dashed line on the time axis, the selected frame's time another. Growth is drawn at most four times a second, by
 * appending the points that arrived since (a {@link WindowSeriesTail} per line reads only the new events), and a long
 * series is thinned to {@link #MAX_POINTS} (each run keeps its extremes, so stalls stay).
 *
 * <p>Over 500 lines as one class: the two charts, their marks, tooltips and cursor are JavaFX nodes drawn from one
 * focus and one pulse, and each drawing step reads what the previous one left on the charts; what needs no JavaFX
 * (the points, their thinning, the causes of each WINDOW_UPDATE) is beside it in {@code WindowSeriesTail} and the
 * model.
 */
public final class FlowControlView {

    static final String STALL = "stall";
    static final String STALL_POINT = "stall-point";
    static final String UPDATE_POINT = "update-point";
    static final String INITIAL_WINDOW = "initial-window";
    static final String CURSOR = "cursor";

    private static final Color SEND_COLOUR = Color.web("#1f5fbf");
    private static final Color RECEIVE_COLOUR = Color.web("#9e9e9e");
    private static final Color STALL_COLOUR = Color.web("#c62828");
    private static final Color UPDATE_COLOUR = Color.web("#2e7d32");
    private static final Color SETTINGS_COLOUR = Color.web("#8e24aa");
    private static final Color CURSOR_COLOUR = Color.web("#ef6c00");

    private final SelectionFocus focus;
    private final Recording recording;
    private final MarkedLineChart connectionChart = chart("Connection window (stream 0)");
    private final MarkedLineChart streamChart = chart("Stream windows");
    private final ListView<WindowUpdateCause> updates = new ListView<>();
    private final VBox charts = new VBox(connectionChart, streamChart);
    private final Label status = new Label();
    private final BorderPane root = new BorderPane();
    /** At most this many points per series: more would stall the screen (the runs' extremes are kept). */
    static final int MAX_POINTS = 4000;
    /** Below this a chart's axes and marks do not fit: the pane scrolls instead. */
    static final double MIN_CHART_HEIGHT = 190;

    private final TimeZoom zoom;
    private final CheckBox ownRanges = new CheckBox("Each line to its own range");
    private final Throttle redraw = new Throttle(Duration.millis(250), this::redrawIfChanged);
    private ConnectionHistory shown;
    private int shownStream = -1;
    private int shownEvents = -1;
    private final List<Plot> plots = new ArrayList<>();
    /** Where each update is in the list beside (the list only grows until the focus changes). */
    private final Map<WindowPoint, Integer> updateRows = new HashMap<>();

    public FlowControlView(SelectionFocus focus, FxRefresh refresh) {
        this.focus = focus;
        this.recording = focus.recording();
        charts.setId("flow-charts");
        VBox.setVgrow(connectionChart, Priority.ALWAYS);
        VBox.setVgrow(streamChart, Priority.ALWAYS);
        updates.setId("window-updates");
        updates.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(WindowUpdateCause u, boolean empty) {
                super.updateItem(u, empty);
                setMnemonicParsing(false);
                setText(empty || u == null ? null : describe(u));
            }
        });
        updates.getSelectionModel().selectedItemProperty().addListener((o, was, u) -> {
            if (u != null && u.updateFrame() >= 0) {
                focus.selection().frameProperty().set(u.updateFrame());
            }
        });
        Button save = new Button("Save chart as PNG\u2026");
        save.setId("save-chart");
        save.setMnemonicParsing(false);
        save.setOnAction(e -> chooseAndSave());
        save.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        ownRanges.setId("own-ranges");
        ownRanges.setMnemonicParsing(false);
        Whole.widths(ownRanges);
        ownRanges.setTooltip(new Tooltip("Each line from its lowest to its highest: a 64 KiB send window beside a "
                + "32 MiB receive window is no longer a flat line (the tooltip keeps the exact octets)"));
        ownRanges.selectedProperty().addListener((o, was, on) -> redrawScaled());
        Whole.wrapping(status);
        status.setId("flow-status");
        // one entry per colour, wrapping onto more lines in a narrow window rather than being cut
        FlowPane legend = new FlowPane(12, 2, legendEntry(SEND_COLOUR, seriesName(WindowSide.SEND)),
                legendEntry(RECEIVE_COLOUR, seriesName(WindowSide.RECEIVE)), legendEntry(STALL_COLOUR, "stalled"),
                legendEntry(UPDATE_COLOUR, "WINDOW_UPDATE"), legendEntry(SETTINGS_COLOUR, "initial window changed"),
                legendEntry(CURSOR_COLOUR, "selected frame"));
        legend.setId("flow-legend");
        VBox bar = new VBox(4, new HBox(12, save, ownRanges, status), legend);
        bar.setPadding(new javafx.geometry.Insets(4));
        HBox.setHgrow(status, Priority.ALWAYS);
        connectionChart.setMinHeight(MIN_CHART_HEIGHT);
        streamChart.setMinHeight(MIN_CHART_HEIGHT);
        // the charts fill the pane, and scroll when it is lower than two readable charts
        ScrollPane scroller = new ScrollPane(charts);
        scroller.setFitToWidth(true);
        scroller.setFitToHeight(true);
        SplitPane split = new SplitPane(scroller, labelled("WINDOW_UPDATE and the DATA it answers", updates));
        split.setDividerPositions(0.7);
        root.setTop(bar);
        root.setCenter(split);

        zoom = new TimeZoom(List.of(connectionChart, streamChart));
        hoverTips(connectionChart);
        hoverTips(streamChart);
        Label zoomHint = Whole.label("wheel: zoom time · drag: pan · double click: all");
        zoomHint.setStyle("-fx-text-fill: #666666;");
        legend.getChildren().add(zoomHint);

        focus.connectionProperty().addListener((o, was, now) -> redraw.runNow());
        focus.streamProperty().addListener((o, was, now) -> redraw.runNow());
        focus.selection().frameProperty().addListener((o, was, now) -> showCursor());
        refresh.onGrowth(count -> redraw.request());
        redraw.runNow();
    }

    public Node node() {
        return root;
    }

    /**
     * A tooltip over the chart that follows the mouse: each line's exact size at the time under it, and the frame
     * that set it.
     */
    private void hoverTips(MarkedLineChart chart) {
        Tooltip tip = new Tooltip();
        tip.setShowDelay(Duration.millis(150));
        tip.setHideDelay(Duration.ZERO);
        Tooltip.install(chart, tip);
        chart.setOnMouseMoved(e -> {
            NumberAxis x = (NumberAxis) chart.getXAxis();
            double nanos = x.getValueForDisplay(x.sceneToLocal(e.getSceneX(), e.getSceneY()).getX()).doubleValue();
            String text = hoverText(chart, (long) nanos);
            tip.setText(text.isEmpty() ? "no window yet at " + TimeText.seconds((long) nanos) : text);
        });
    }

    /** For each line on {@code chart}: its size in force at {@code nanos} and what set it, one line each. */
    String hoverText(MarkedLineChart chart, long nanos) {
        StringBuilder s = new StringBuilder();
        for (Plot p : plots) {
            if (p.chart != chart) {
                continue;
            }
            WindowPoint point = inForce(p.tail.points(), nanos);
            if (point == null) {
                continue;
            }
            if (s.length() > 0) {
                s.append('\n');
            }
            int frame = recording.frameAtOrBefore(point.eventIndex());
            s.append(p.tail.side() == WindowSide.SEND ? "send " : "receive ").append(String.format("%,d", point.size()))
                    .append(" octets since ").append(TimeText.seconds(point.nanos())).append(": ")
                    .append(point.cause().name());
            if (frame >= 0 && point.cause() != io.h2scope.engine.flow.WindowCause.OPENED) {
                s.append(" No. ").append(frame);
            }
        }
        return s.toString();
    }

    /** The lines drawn again in octets, or each as a share of its own reach. */
    private void redrawScaled() {
        String unit = ownRanges.isSelected() ? "% of the line's highest (hover: octets)" : "octets";
        for (MarkedLineChart chart : List.of(connectionChart, streamChart)) {
            chart.getYAxis().setLabel(unit);
        }
        for (Plot p : plots) {
            List<WindowPoint> all = p.tail.points();
            p.series.getData().setAll(data(p, all.size() > MAX_POINTS ? WindowSampling.sample(all, MAX_POINTS) : all));
        }
    }

    /** The last of {@code points} (in time order) at or before {@code nanos}, or null. */
    static WindowPoint inForce(List<WindowPoint> points, long nanos) {
        int lo = 0;
        int hi = points.size() - 1;
        WindowPoint found = null;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (points.get(mid).nanos() <= nanos) {
                found = points.get(mid);
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    private static Label legendEntry(Color colour, String text) {
        Label l = Whole.label(text);
        l.setGraphic(new javafx.scene.shape.Rectangle(14, 4, colour));
        return l;
    }

    private static MarkedLineChart chart(String title) {
        NumberAxis x = new NumberAxis();
        x.setLabel("time since the connection started (ms)");
        x.setForceZeroInRange(false);
        x.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number nanos) {
                return String.format("%.1f", nanos.doubleValue() / 1e6);
            }

            @Override
            public Number fromString(String s) {
                return Double.parseDouble(s) * 1e6;
            }
        });
        NumberAxis y = new NumberAxis();
        y.setLabel("octets");
        MarkedLineChart chart = new MarkedLineChart(x, y);
        chart.setTitle(title);
        chart.setLegendVisible(false); // the bar above names the colours: a legend takes height a small pane lacks
        return chart;
    }

    private static VBox labelled(String title, Node content) {
        Label l = new Label(title);
        l.setMnemonicParsing(false);
        VBox box = new VBox(4, l, content);
        VBox.setVgrow(content, Priority.ALWAYS);
        return box;
    }

    /** FX thread: starts again when the focus changed; appends what the connection added since when it grew. */
    private void redrawIfChanged() {
        ConnectionHistory connection = focus.connection();
        Integer picked = focus.streamProperty().get();
        int stream = picked != null ? picked
                : connection != null && !connection.streamIds().isEmpty() ? connection.streamIds().get(0) : -1;
        boolean changed = connection != shown || stream != shownStream;
        if (!changed && (connection == null || connection.eventCount() == shownEvents)) {
            return;
        }
        shown = connection;
        shownStream = stream;
        shownEvents = connection == null ? -1 : connection.eventCount();
        if (changed) {
            draw(connection, stream);
        } else {
            grow(connection);
        }
    }

    /** One window's line on a chart, following its series. */
    private static final class Plot {
        final MarkedLineChart chart;
        final WindowSeriesTail tail;
        final XYChart.Series<Number, Number> series = new XYChart.Series<>();
        final Map<WindowPoint, WindowUpdateCause> causeOf = new HashMap<>();
        /** The largest size (or the deepest below zero) the line reached: 100 % when each line has its own range. */
        long reach = 1;

        Plot(MarkedLineChart chart, WindowSeriesTail tail) {
            this.chart = chart;
            this.tail = tail;
        }
    }

    private void draw(ConnectionHistory connection, int stream) {
        connectionChart.getData().clear();
        streamChart.getData().clear();
        connectionChart.clearMarks(STALL);
        streamChart.clearMarks(STALL);
        connectionChart.clearMarks(INITIAL_WINDOW);
        streamChart.clearMarks(INITIAL_WINDOW);
        plots.clear();
        zoom.reset();
        updateRows.clear();
        updates.getItems().clear();
        if (connection == null) {
            status.setText("No connection yet");
            showCursor();
            return;
        }
        for (WindowSide side : WindowSide.values()) {
            plots.add(new Plot(connectionChart, new WindowSeriesTail(connection, 0, side)));
        }
        streamChart.setTitle(stream > 0 ? "Stream " + stream + " windows" : "Stream windows (no stream yet)");
        if (stream > 0) {
            for (WindowSide side : WindowSide.values()) {
                plots.add(new Plot(streamChart, new WindowSeriesTail(connection, stream, side)));
            }
        }
        for (Plot p : plots) {
            WindowSide side = p.tail.side();
            p.series.setName(seriesName(side));
            p.chart.getData().add(p.series);
            p.series.getNode().setStyle("-fx-stroke: " + web(side == WindowSide.SEND ? SEND_COLOUR : RECEIVE_COLOUR)
                    + "; -fx-stroke-width: 2px;");
        }
        status.setText("Connection " + connection.number() + (stream > 0 ? ", stream " + stream : ""));
        grow(connection);
    }

    /** Adds the points, updates and stalls the connection has added since the last call. */
    private void grow(ConnectionHistory connection) {
        List<WindowUpdateCause> added = new ArrayList<>();
        for (Plot p : plots) {
            WindowSeriesTail.Growth growth = p.tail.next();
            for (WindowUpdateCause c : growth.resolved()) {
                p.causeOf.put(c.update(), c);
                Integer row = updateRows.get(c.update());
                if (row != null) {
                    updates.getItems().set(row, c);
                }
            }
            growth.updates().forEach(c -> p.causeOf.put(c.update(), c));
            added.addAll(growth.updates());
            append(p, growth.points());
        }
        added.sort((a, b) -> Integer.compare(a.update().eventIndex(), b.update().eventIndex()));
        for (WindowUpdateCause c : added) {
            updateRows.put(c.update(), updates.getItems().size());
            updates.getItems().add(c);
        }
        for (MarkedLineChart chart : List.of(connectionChart, streamChart)) {
            chart.clearMarks(STALL);
            chart.clearMarks(INITIAL_WINDOW);
        }
        for (Plot p : plots) {
            for (WindowStall s : p.tail.stalls()) {
                p.chart.addRange(s.start().nanos(), s.endNanos(connection.lastNanos()), STALL, STALL_COLOUR);
            }
        }
        for (InitialWindowChange c : SettingsHistory.of(connection, Integer.MAX_VALUE).initialWindowChanges()) {
            String who = c.side() == Side.LOCAL ? "our" : "peer's";
            String label = who + " INITIAL_WINDOW_SIZE " + c.oldSize() + "\u2192" + c.newSize();
            connectionChart.addMark(c.nanos(), label, INITIAL_WINDOW, SETTINGS_COLOUR);
            streamChart.addMark(c.nanos(), label, INITIAL_WINDOW, SETTINGS_COLOUR);
        }
        showCursor();
    }

    /**
     * Appends the new points to the line; a line past {@link #MAX_POINTS} is thinned again from the points its tail
     * keeps (no event is read again).
     */
    private void append(Plot p, List<WindowPoint> points) {
        if (points.isEmpty()) {
            return;
        }
        List<WindowPoint> all = p.tail.points();
        long reach = p.reach;
        for (WindowPoint point : points) {
            reach = Math.max(reach, Math.abs((long) point.size()));
        }
        boolean rescale = reach != p.reach && ownRanges.isSelected();
        p.reach = reach;
        if (all.size() > MAX_POINTS || rescale) {
            p.series.getData().setAll(data(p, all.size() > MAX_POINTS ? WindowSampling.sample(all, MAX_POINTS) : all));
        } else {
            p.series.getData().addAll(data(p, points));
        }
    }

    private List<XYChart.Data<Number, Number>> data(Plot p, List<WindowPoint> points) {
        List<XYChart.Data<Number, Number>> data = new ArrayList<>(points.size());
        for (WindowPoint point : points) {
            XYChart.Data<Number, Number> d = new XYChart.Data<>(point.nanos(), ownRanges.isSelected()
                    ? point.size() * 100.0 / p.reach : point.size());
            WindowUpdateCause cause = p.causeOf.get(point);
            if (point.stalled()) {
                d.setNode(stallNode(point));
            } else if (cause != null) {
                d.setNode(updateNode(cause));
            }
            data.add(d);
        }
        return data;
    }

    private static String web(Color c) {
        return String.format("#%02x%02x%02x", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }

    /** The series' legend name, in words a user reads without the RFC at hand. */
    static String seriesName(WindowSide side) {
        return side == WindowSide.SEND ? "send: what this endpoint may send" : "receive: what the peer may send";
    }

    private Node stallNode(WindowPoint p) {
        Circle c = new Circle(4, STALL_COLOUR);
        return symbol(c, STALL_POINT, new Tooltip("Stalled at " + p.size() + " octets at " + TimeText.seconds(p.nanos())
                + ": no DATA until a WINDOW_UPDATE (RFC 9113 §6.9)"));
    }

    private Node updateNode(WindowUpdateCause u) {
        Polygon triangle = new Polygon(0, -5, 5, 4, -5, 4);
        triangle.setFill(UPDATE_COLOUR);
        return symbol(triangle, UPDATE_POINT, new Tooltip(describe(u)));
    }

    /** A point's symbol: the chart sets the style classes of the node it is given, so the shape goes inside. */
    private static Node symbol(Node shape, String styleClass, Tooltip tooltip) {
        shape.getStyleClass().add(styleClass);
        StackPane holder = new StackPane(shape);
        holder.setStyle("-fx-background-color: transparent; -fx-padding: 0;"); // not the chart's default symbol
        Tooltip.install(holder, tooltip);
        return holder;
    }

    /** One line per update: when, how much, and the DATA it gives credit back for. */
    String describe(WindowUpdateCause u) {
        WindowPoint p = u.update();
        int stream = recording.event(p.eventIndex()).streamId();
        String who = isSend(u) ? "peer's" : "our"; // the receiver of DATA sends the update
        StringBuilder s = new StringBuilder(TraceText.time(p.nanos())).append(' ').append(who)
                .append(" WINDOW_UPDATE ").append(stream == 0 ? "connection" : "stream " + stream).append(" +")
                .append(u.increment());
        if (u.updateFrame() >= 0) {
            s.append(" (No. ").append(u.updateFrame()).append(')');
        }
        if (u.dataFrame() >= 0) {
            long dataNanos = recording.frame(u.dataFrame()).nanosSinceStart();
            s.append(" after DATA No. ").append(u.dataFrame()).append(" stream ")
                    .append(recording.frame(u.dataFrame()).streamId())
                    .append(String.format(" (%.3f ms before)", (p.nanos() - dataNanos) / 1e6));
        } else {
            s.append(" with no DATA before it (initial credit)");
        }
        return s.toString();
    }

    private boolean isSend(WindowUpdateCause u) {
        return ((WindowChanged) recording.event(u.update().eventIndex())).side() == WindowSide.SEND;
    }

    /** The selected frame's time as a line on both charts, when it belongs to the connection shown. */
    private void showCursor() {
        connectionChart.clearMarks(CURSOR);
        streamChart.clearMarks(CURSOR);
        Integer frame = focus.frameIn(shown);
        if (frame != null) {
            long nanos = recording.frame(frame).nanosSinceStart();
            connectionChart.addMark(nanos, "No. " + frame, CURSOR, CURSOR_COLOUR);
            streamChart.addMark(nanos, "No. " + frame, CURSOR, CURSOR_COLOUR);
        }
    }

    private void chooseAndSave() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save chart as PNG");
        chooser.setInitialFileName("flow-control.png");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG image", "*.png"));
        File file = chooser.showSaveDialog(root.getScene() == null ? null : root.getScene().getWindow());
        if (file != null) {
            try {
                savePng(file.toPath());
                status.setText("Saved " + file);
            } catch (IOException e) {
                status.setText("Could not save " + file + ": " + e.getMessage() + " (pick a writable folder)");
            }
        }
    }

    /** FX thread: writes both charts, as shown, to {@code file} as PNG. */
    public void savePng(Path file) throws IOException {
        WritableImage image = charts.snapshot(new SnapshotParameters(), null);
        if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile())) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }

    // ---------------------------------------------------------------- for tests

    MarkedLineChart connectionChart() {
        return connectionChart;
    }

    MarkedLineChart streamChart() {
        return streamChart;
    }

    CheckBox ownRanges() {
        return ownRanges;
    }

    TimeZoom zoom() {
        return zoom;
    }

    ListView<WindowUpdateCause> updates() {
        return updates;
    }

    Node charts() {
        return charts;
    }
}
