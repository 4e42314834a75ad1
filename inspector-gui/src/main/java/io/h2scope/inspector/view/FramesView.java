package io.h2scope.inspector.view;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.model.filter.FilteredFrames;
import io.h2scope.inspector.model.filter.FrameFilter;
import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.Recording;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The packet list: one row per frame (time, connection, direction, stream, type, flags and payload in short, length),
 * coloured by type, with a display filter box (the filter language, {@link DisplayFilterBox}) and under it a
 * filter bar (stream, type, direction, free text over the summary, a time range, this connection only; every
 * criterion set must hold, the display filter's too) and a live-tail toggle. The time is the same for every connection: clock time (UTC), or with the
 * clock toggle off, seconds since the recording started. The rows are a virtual list over frame numbers ({@link FrameRows}): nothing is stored per row,
 * and a filter is an index into the recording built on a worker thread, never a copy of the frames. Selecting a row
 * selects its frame, connection and stream in the shared {@link Selection}; a frame selected elsewhere is selected
 * here when the filter shows it.
 */
public final class FramesView {

    static final String ANY_TYPE = "any type";
    static final String ANY_DIRECTION = "both ways";
    static final String SENT = "sent";
    static final String RECEIVED = "received";
    static final String CLOCK_TITLE = "Time (UTC)";
    static final String SINCE_START_TITLE = "Time (s)";
    /** A recording without clock time (made before recordings carried it): each connection's own seconds. */
    static final String NO_CLOCK_TITLE = "Time (s, per connection)";

    private final Recording recording;
    private final Selection selection;
    private final TableView<Integer> table = new TableView<>();
    private final TextField streamField = new TextField();
    private final ComboBox<String> typeBox = new ComboBox<>();
    private final ComboBox<String> directionBox = new ComboBox<>();
    private final TextField textField = new TextField();
    private final TextField fromField = new TextField();
    private final TextField toField = new TextField();
    private final CheckBox clockTime = new CheckBox("Clock time");
    private final TableColumn<Integer, String> timeColumn;
    private final CheckBox connectionOnly = new CheckBox("This connection only");
    private final CheckBox liveTail = new CheckBox("Live tail");
    private final Label filterError = new Label();
    private final DisplayFilterBox displayFilter;
    private final BorderPane root = new BorderPane();
    private final ReadOnlyBooleanWrapper filtering = new ReadOnlyBooleanWrapper(this, "filtering");
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "frame-filter");
        t.setDaemon(true);
        return t;
    });
    /** The list being filled; the worker drops a list that is no longer this one. */
    private volatile FilteredFrames current;
    private FrameRows rows; // FX thread
    private boolean selecting; // FX thread: a selection made here, not to be echoed back
    /** FX thread: the frame a filter hid while it was selected, selected again when a later filter shows it. */
    private Integer hidden;
    private Runnable onShownChange = () -> { };

    public FramesView(Recording recording, Selection selection) {
        this.recording = recording;
        this.selection = selection;
        this.displayFilter = new DisplayFilterBox(recording::startClock);
        this.current = new FilteredFrames(recording, FrameFilter.ALL);
        this.rows = new FrameRows(current);
        table.setId("frames");
        table.setItems(rows);
        table.getColumns().add(column("No.", 70, f -> f));
        timeColumn = column(CLOCK_TITLE, 130, f -> FrameSummary.time(recording, f, clockTime.isSelected()));
        timeColumn.setId("time");
        table.getColumns().add(timeColumn);
        table.getColumns().add(column("Conn", 50, f -> recording.connectionOf(recording.frameEvent(f)).number()));
        table.getColumns().add(column("Dir", 70, f -> direction(recording.frame(f).direction())));
        table.getColumns().add(column("Stream", 60, f -> recording.frame(f).streamId()));
        table.getColumns().add(column("Type", 130, f -> FrameType.nameOf(recording.frame(f).header().typeCode())));
        table.getColumns().add(column("Length", 70, f -> recording.frame(f).header().length()));
        TableColumn<Integer, String> summary = column("Summary", 600, f -> FrameSummary.of(recording, f));
        summary.setId("summary");
        table.getColumns().add(summary);
        table.setRowFactory(t -> new TypedRow());
        table.getStylesheets().add(FramesView.class.getResource("inspector.css").toExternalForm());
        table.getSelectionModel().selectedItemProperty().addListener((o, old, frame) -> selected(frame));
        selection.frameProperty().addListener((o, old, frame) -> {
            if (frame != null) {
                hidden = null;
            }
            follow(frame);
        });
        selection.connectionProperty().addListener((o, old, c) -> {
            if (connectionOnly.isSelected()) {
                applyFilter();
            }
        });
        root.setTop(filterBar());
        root.setCenter(table);
    }

    private static String direction(Direction d) {
        return d == Direction.OUTBOUND ? "send" : "recv";
    }

    private <T> TableColumn<Integer, T> column(String title, double width, Function<Integer, T> value) {
        return Columns.of(title, width, value);
    }

    /** A row styled by its frame's type: {@code frame-headers}, {@code frame-goaway}, ... {@code frame-unknown}. */
    private final class TypedRow extends TableRow<Integer> {
        private String styled;

        @Override
        protected void updateItem(Integer frame, boolean empty) {
            super.updateItem(frame, empty);
            String wanted = empty || frame == null ? null : styleClass(recording.frame(frame).header().typeCode());
            if (!java.util.Objects.equals(wanted, styled)) {
                if (styled != null) {
                    getStyleClass().remove(styled);
                }
                if (wanted != null) {
                    getStyleClass().add(wanted);
                }
                styled = wanted;
            }
        }
    }

    /** The style class of a frame type's rows. */
    public static String styleClass(int typeCode) {
        FrameType type = FrameType.fromCode(typeCode);
        return "frame-" + (type == null ? "unknown" : type.name().toLowerCase(Locale.ROOT));
    }

    private VBox filterBar() {
        streamField.setId("filter-stream");
        streamField.setPromptText("any");
        streamField.setPrefColumnCount(5);
        typeBox.setId("filter-type");
        typeBox.getItems().add(ANY_TYPE);
        for (FrameType type : FrameType.values()) {
            typeBox.getItems().add(type.name());
        }
        typeBox.setValue(ANY_TYPE);
        directionBox.setId("filter-direction");
        directionBox.getItems().addAll(ANY_DIRECTION, SENT, RECEIVED);
        directionBox.setValue(ANY_DIRECTION);
        textField.setId("filter-text");
        textField.setPromptText("text in the summary");
        fromField.setId("filter-from");
        fromField.setPromptText("from (14:03)");
        fromField.setPrefColumnCount(8);
        toField.setId("filter-to");
        toField.setPromptText("to");
        toField.setPrefColumnCount(8);
        Tooltip range = new Tooltip("Frames from this time (included) to that one (not included): a time of day in UTC "
                + "(14:03, 14:03:20.5) on the day the recording starts, a date and time (2025-06-01T14:03), an ISO "
                + "time with a zone (2025-06-01T14:03:00Z), or seconds since the recording started (12.5)");
        fromField.setTooltip(range);
        toField.setTooltip(range);
        clockTime.setId("time-clock");
        clockTime.setMnemonicParsing(false);
        clockTime.setSelected(true);
        clockTime.selectedProperty().addListener((o, a, on) -> {
            titleTime();
            table.refresh();
        });
        connectionOnly.setId("filter-connection");
        connectionOnly.setMnemonicParsing(false);
        liveTail.setId("live-tail");
        liveTail.setMnemonicParsing(false);
        filterError.setId("filter-error");
        filterError.getStyleClass().add("filter-error");
        filterError.setMnemonicParsing(false);
        streamField.textProperty().addListener((o, a, b) -> applyFilter());
        typeBox.valueProperty().addListener((o, a, b) -> applyFilter());
        directionBox.valueProperty().addListener((o, a, b) -> applyFilter());
        textField.textProperty().addListener((o, a, b) -> applyFilter());
        fromField.textProperty().addListener((o, a, b) -> applyFilter());
        toField.textProperty().addListener((o, a, b) -> applyFilter());
        connectionOnly.selectedProperty().addListener((o, a, b) -> applyFilter());
        displayFilter.filterProperty().addListener((o, a, b) -> applyFilter());
        liveTail.selectedProperty().addListener((o, a, on) -> {
            if (on) {
                tail();
            }
        });
        HBox.setHgrow(textField, Priority.ALWAYS);
        for (TextField f : java.util.List.of(streamField, textField, fromField, toField)) {
            f.getStyleClass().add("filter-field"); // its prompt stays visible while it has focus (inspector.css)
        }
        Label filterLabel = Whole.label("Filter");
        filterLabel.setLabelFor(displayFilter.field());
        HBox.setHgrow(displayFilter.field(), Priority.ALWAYS);
        Whole.widths(streamField, typeBox, directionBox, connectionOnly, clockTime, liveTail);
        // the check boxes share the filter language's line, whose one field gives way, so that the fields' line
        // fits a window of the least width (WindowSize.MIN_WIDTH) with room for what is typed
        HBox language = new HBox(6, filterLabel, displayFilter.field(), connectionOnly, clockTime, liveTail);
        language.setAlignment(Pos.CENTER_LEFT);
        language.setPadding(new Insets(3, 4, 0, 4));
        Label streamLabel = Whole.label("Stream");
        streamLabel.setLabelFor(streamField);
        HBox bar = new HBox(6, streamLabel, streamField, typeBox, directionBox, textField, fromField, toField);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 4, 3, 4));
        Whole.wrapping(filterError);
        filterError.managedProperty().bind(filterError.textProperty().isNotEmpty());
        filterError.visibleProperty().bind(filterError.managedProperty());
        filterError.setPadding(new Insets(0, 4, 3, 4));
        displayFilter.error().setStyle("-fx-padding: 0 4 0 4;");
        VBox top = new VBox(language, displayFilter.error(), bar, filterError);
        top.getStylesheets().add(FramesView.class.getResource("inspector.css").toExternalForm());
        return top;
    }

    /** FX thread: reads the filter bar and, when it says something new, starts filtering anew. */
    private void applyFilter() {
        FrameFilter filter;
        try {
            filter = new FrameFilter(connectionOnly.isSelected() ? selection.connectionProperty().get() : null,
                    FrameFilter.parseStream(streamField.getText()),
                    ANY_TYPE.equals(typeBox.getValue()) ? null : FrameFilter.parseType(typeBox.getValue()),
                    SENT.equals(directionBox.getValue()) ? Direction.OUTBOUND
                            : RECEIVED.equals(directionBox.getValue()) ? Direction.INBOUND : null,
                    textField.getText()).withTimes(FrameFilter.parseTime(fromField.getText(), recording.startClock()),
                    FrameFilter.parseTime(toField.getText(), recording.startClock()))
                    .withDisplay(displayFilter.filterProperty().get());
        } catch (IllegalArgumentException e) {
            filterError.setText(e.getMessage()); // the rows of the last good filter stay
            return;
        }
        filterError.setText("");
        if (filter.equals(current.filter())) {
            return;
        }
        FilteredFrames list = new FilteredFrames(recording, filter);
        current = list;
        filtering.set(true);
        if (filter.all()) {
            list.catchUp(() -> false);
            show(list);
        } else {
            worker.execute(() -> scan(list));
        }
    }

    /** Worker thread: filters what arrived for {@code list}, then shows it on the FX thread. */
    private void scan(FilteredFrames list) {
        if (list != current) {
            return;
        }
        list.catchUp(() -> list != current);
        Platform.runLater(() -> {
            if (list == current) {
                show(list);
            }
        });
    }

    /** FX thread: {@code list} is the current filter's, filtered up to some frame: show it. */
    private void show(FilteredFrames list) {
        boolean grew;
        if (rows.frames() != list) {
            int top = topFrame();
            rows = new FrameRows(list);
            selecting = true;
            table.setItems(rows);
            selecting = false;
            grew = true;
            followFilter(list);
            if (selection.frameProperty().get() == null && top >= 0) {
                table.scrollTo(Math.max(0, list.rowNear(top))); // the list stays where it was
            }
        } else {
            grew = rows.grow();
        }
        if (list.scanned() >= recording.frameCount()) {
            filtering.set(false);
        }
        titleTime();
        if (grew) {
            tail();
        }
        onShownChange.run();
    }

    /**
     * A new filter's rows are shown: a selected frame it hides is deselected, so the views below do not go on
     * showing it, and remembered; a remembered frame it shows is selected again (clearing a filter gives the
     * selection back).
     */
    private void followFilter(FilteredFrames list) {
        Integer selected = selection.frameProperty().get();
        if (selected != null && rows.rowOf(selected) < 0 && selected < list.scanned()) {
            selection.frameProperty().set(null);
            hidden = selected;
        } else if (selected == null && hidden != null && rows.rowOf(hidden) >= 0) {
            int again = hidden;
            selected(again); // the connection and stream too, as a click would
            follow(again);
        } else {
            follow(selected);
        }
    }

    /** The frame in the first row drawn, or -1 (no rows, or not drawn yet). */
    private int topFrame() {
        if (table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow && flow.getFirstVisibleCell() != null) {
            int row = flow.getFirstVisibleCell().getIndex();
            if (row >= 0 && row < rows.size()) {
                return rows.get(row);
            }
        }
        return -1;
    }

    /**
     * The status line's part about the list: "67 frames", or under a filter "12 of 67 frames shown" (and
     * "filtering" while frames already recorded are still being looked at).
     */
    public String shownLine() {
        int all = recording.frameCount();
        FilteredFrames list = current;
        if (list.filter().all()) {
            return all + " frames";
        }
        return rows.size() + " of " + all + " frames shown" + (filtering.get() ? " (filtering\u2026)" : "");
    }

    /** FX thread: {@code action} runs whenever the rows shown change (a filter applied, rows added). */
    public void onShownChange(Runnable action) {
        onShownChange = action;
    }

    /** The Time column's title says which time it shows. */
    private void titleTime() {
        String title = recording.startClock() == null ? NO_CLOCK_TITLE
                : clockTime.isSelected() ? CLOCK_TITLE : SINCE_START_TITLE;
        timeColumn.setText(title);
        timeColumn.setMinWidth(Columns.titleWidth(title));
    }

    private void tail() {
        if (liveTail.isSelected() && !rows.isEmpty()) {
            table.scrollTo(rows.size() - 1);
        }
    }

    /** FX thread (once per pulse, from {@link FxRefresh}): rows for the frames that arrived since the last call. */
    public void catchUp() {
        FilteredFrames list = current;
        if (list.filter().all()) {
            list.catchUp(() -> false);
            show(list);
        } else {
            filtering.set(true);
            worker.execute(() -> scan(list));
        }
    }

    private void selected(Integer frame) {
        if (selecting || frame == null) {
            return;
        }
        selecting = true;
        try {
            FrameEvent event = recording.frame(frame);
            selection.connectionProperty().set(recording.connectionOf(recording.frameEvent(frame)).key());
            selection.streamProperty().set(event.streamId());
            selection.frameProperty().set(frame);
        } finally {
            selecting = false;
        }
    }

    /** Selects and shows the row of a frame selected elsewhere, when the filter lets it through. */
    private void follow(Integer frame) {
        if (selecting) {
            return;
        }
        int row = frame == null ? -1 : rows.rowOf(frame);
        selecting = true;
        try {
            if (row < 0) {
                table.getSelectionModel().clearSelection();
            } else if (table.getSelectionModel().getSelectedIndex() != row) {
                table.getSelectionModel().select(row);
                table.scrollTo(Math.max(0, row - 3));
            }
        } finally {
            selecting = false;
        }
    }

    /** The rows the list shows now: its filter's frames, as far as it has filtered (any thread). */
    public FilteredFrames shown() {
        return current;
    }

    public Node node() {
        return root;
    }

    /** The display filter box above the other filters. */
    DisplayFilterBox displayFilter() {
        return displayFilter;
    }

    public TableView<Integer> table() {
        return table;
    }

    /** True while a filter is still being applied to frames that are already recorded. */
    public ReadOnlyBooleanProperty filteringProperty() {
        return filtering.getReadOnlyProperty();
    }

    /** The frame shown in row {@code row}. */
    public FrameEvent frameAt(int row) {
        return recording.frame(rows.get(row));
    }

    public void close() {
        worker.shutdownNow();
    }
}
