package io.h2scope.inspector.view;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.text.TraceText;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.IllegalAttempt;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.StateDiagram;
import io.h2scope.inspector.model.StateDiagram.Step;
import io.h2scope.inspector.model.StreamSummary;
import io.h2scope.inspector.model.StreamTransition;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.util.Duration;

/**
 * The streams of the focused connection (id, state now, frames) and, for the focused stream, its moves on the
 * RFC 9113 §5.1 diagram and as a list: each move with the frame that made it (picking the row selects that frame),
 * illegal attempts among them in red.
 */
public final class StreamsView {

    /** One line of the timeline list: a move, or an illegal attempt (exactly one of the two is set). */
    public record TimelineRow(Step step, IllegalAttempt attempt) {

        int eventIndex() {
            return step != null ? step.transition().eventIndex() : attempt.eventIndex();
        }

        /** The frame picking this row selects, or -1. */
        public int frameNumber() {
            return step != null ? step.transition().frameNumber() : attempt.frameNumber();
        }
    }

    private final SelectionFocus focus;
    /** Growth redraws at most four times a second: the work grows with the connection. */
    private final Throttle growth = new Throttle(Duration.millis(250), this::update);
    private final Recording recording;
    private final TableView<Integer> streams = new TableView<>();
    private final ObservableList<Integer> streamIds = FXCollections.observableArrayList();
    private final TableView<TimelineRow> timeline = new TableView<>();
    private final StateDiagramPane diagram = new StateDiagramPane();
    private final Label heading = new Label();
    private final SplitPane root;
    private final Map<Integer, StreamSummary> summaries = new HashMap<>();
    private ConnectionHistory shown;
    private int shownStream = -1;
    private int shownEvents = -1;
    private boolean following; // the table's own selection is being moved to the focus

    public StreamsView(SelectionFocus focus, FxRefresh refresh) {
        this.focus = focus;
        this.recording = focus.recording();
        streams.setId("streams");
        streams.setItems(streamIds);
        streams.getColumns().add(Columns.of("Stream", 60, id -> id));
        streams.getColumns().add(Columns.of("State", 130, id -> TraceText.state(summary(id).state())));
        streams.getColumns().add(Columns.of("Frames", 60, id -> summary(id).frames()));
        streams.getSelectionModel().selectedItemProperty().addListener((o, was, id) -> {
            if (id != null && !following) {
                focus.selection().streamProperty().set(id);
            }
        });

        timeline.setId("stream-timeline");
        timeline.getColumns().add(Columns.of("#", 40, r -> r.step() != null ? r.step().step() : "\u2717"));
        timeline.getColumns().add(Columns.of("Time", 100, r -> TraceText.time(recording.event(r.eventIndex()).nanosSinceStart())));
        timeline.getColumns().add(Columns.of("Move", 320, this::moveText));
        timeline.getColumns().add(Columns.of("Frame", 150, this::frameText));
        timeline.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(TimelineRow row, boolean empty) {
                super.updateItem(row, empty);
                setStyle(!empty && row != null && row.attempt() != null ? "-fx-background-color: #ffd6d6;" : "");
            }
        });
        timeline.getSelectionModel().selectedItemProperty().addListener((o, was, row) -> {
            if (row != null && row.frameNumber() >= 0) {
                focus.selection().frameProperty().set(row.frameNumber());
            }
        });

        heading.setId("stream-heading");
        heading.setMnemonicParsing(false);
        SplitPane right = new SplitPane(new ScaledToFit(diagram.node()), timeline);
        right.setOrientation(Orientation.HORIZONTAL);
        right.setDividerPositions(0.55);
        BorderPane detail = new BorderPane(right);
        detail.setTop(heading);
        root = new SplitPane(streams, detail);
        root.setDividerPositions(0.25);

        focus.connectionProperty().addListener((o, was, now) -> update());
        focus.streamProperty().addListener((o, was, now) -> update());
        refresh.onGrowth(count -> growth.request());
        update();
    }

    public Node node() {
        return root;
    }

    /** A row's summary, read once per redraw (a cell is laid out many times; each read scans the stream). */
    private StreamSummary summary(int id) {
        return summaries.computeIfAbsent(id, s -> StreamSummary.of(shown, s));
    }

    /** FX thread: brings the list and the focused stream's timeline up to the recording. */
    void update() {
        ConnectionHistory connection = focus.connection();
        if (connection != shown) {
            shown = connection;
            streamIds.clear();
            summaries.clear();
            shownEvents = -1;
        }
        if (connection == null) {
            heading.setText("No connection yet");
            diagram.show(List.of(), List.of(), StreamState.IDLE);
            timeline.getItems().clear();
            return;
        }
        List<Integer> ids = connection.streamIds();
        if (ids.size() > streamIds.size()) {
            streamIds.addAll(ids.subList(streamIds.size(), ids.size()));
        }
        Integer picked = focus.streamProperty().get();
        int stream = picked != null ? picked : streamIds.isEmpty() ? -1 : streamIds.get(0);
        if (stream != shownStream || connection.eventCount() != shownEvents) {
            summaries.clear();
            streams.refresh();
            showStream(connection, stream);
            shownStream = stream;
            shownEvents = connection.eventCount();
        }
        following = true;
        try {
            int row = streamIds.indexOf(stream);
            if (row >= 0 && streams.getSelectionModel().getSelectedIndex() != row) {
                streams.getSelectionModel().select(row);
            }
        } finally {
            following = false;
        }
    }

    private void showStream(ConnectionHistory connection, int stream) {
        if (stream <= 0) {
            heading.setText("Connection " + connection.number() + ": no streams yet");
            diagram.show(List.of(), List.of(), StreamState.IDLE);
            timeline.getItems().clear();
            return;
        }
        List<StreamTransition> moves = connection.streamTimeline(stream);
        List<Step> steps = StateDiagram.steps(moves);
        List<IllegalAttempt> attempts = IllegalAttempt.of(connection, stream);
        StreamState now = moves.isEmpty() ? StreamState.IDLE : moves.get(moves.size() - 1).change().to();
        diagram.show(steps, attempts, now);
        List<TimelineRow> rows = new ArrayList<>();
        steps.forEach(s -> rows.add(new TimelineRow(s, null)));
        attempts.forEach(a -> rows.add(new TimelineRow(null, a)));
        rows.sort(Comparator.comparingInt(TimelineRow::eventIndex));
        timeline.getItems().setAll(rows);
        heading.setText("Stream " + stream + " of connection " + connection.number() + ": "
                + TraceText.state(now) + ", " + steps.size() + " moves"
                + (attempts.isEmpty() ? "" : ", " + attempts.size() + " illegal attempts"));
    }

    private String moveText(TimelineRow r) {
        if (r.step() != null) {
            var change = r.step().transition().change();
            return TraceText.state(change.from()) + " \u2192 " + TraceText.state(change.to()) + " on "
                    + change.input().name().toLowerCase();
        }
        return "illegal in " + TraceText.state(r.attempt().state()) + ": " + r.attempt().text();
    }

    private String frameText(TimelineRow r) {
        int f = r.frameNumber();
        if (f < 0) {
            return "-";
        }
        var frame = recording.frame(f);
        return "No. " + f + " " + frame.direction().name().toLowerCase() + " "
                + FrameType.nameOf(frame.header().typeCode());
    }

    // ---------------------------------------------------------------- for tests

    /** The states the diagram shows as visited. */
    public List<StreamState> diagramVisitedStates() {
        return diagram.visitedStates();
    }

    StateDiagramPane diagram() {
        return diagram;
    }

    public TableView<TimelineRow> timeline() {
        return timeline;
    }

    public TableView<Integer> streams() {
        return streams;
    }
}
