package io.h2scope.inspector.view;

import io.h2scope.engine.trace.explain.Finding;
import io.h2scope.engine.trace.explain.FindingText;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.Problems;
import io.h2scope.inspector.model.Problems.Problem;
import io.h2scope.inspector.model.Recording;

import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;

/**
 * The problems view (Wireshark's Expert Info): every finding of {@code trace explain} over what the window holds
 * ({@link Problems}), most severe first, one row each (severity, kind, who did it, connection, streams, error code,
 * rule and RFC section, summary). Selecting one shows its whole account below ({@link FindingText#full}) and selects
 * the frame it names (the GOAWAY or RST_STREAM, else the connection's last frame by then) in every view. Findings
 * arrive on the appending thread; the table follows on the FX thread, once per burst.
 */
public final class ProblemsView {

    private final Recording recording;
    private final Problems problems;
    private final Selection selection;
    private final TableView<Problem> table = new TableView<>();
    private final TextArea account = new TextArea();
    private final SplitPane root;
    private final AtomicBoolean pending = new AtomicBoolean();
    private Runnable onChange = () -> { };

    public ProblemsView(Recording recording, Problems problems, Selection selection) {
        this.recording = recording;
        this.problems = problems;
        this.selection = selection;
        table.setId("problems");
        table.setPlaceholder(new Label("No problems: every connection so far ended cleanly"));
        table.getColumns().add(Columns.of("Severity", 80, (Problem p) -> p.finding().severity()));
        table.getColumns().add(Columns.of("Kind", 170, (Problem p) -> p.finding().kind().id()));
        table.getColumns().add(Columns.of("Who", 60, (Problem p) -> who(p.finding().by())));
        table.getColumns().add(Columns.of("Conn", 50, this::connectionNumber));
        table.getColumns().add(Columns.of("Streams", 80, (Problem p) -> streams(p.finding())));
        table.getColumns().add(Columns.of("Code", 150, (Problem p) -> p.finding().code()));
        table.getColumns().add(Columns.of("Rule", 260, (Problem p) -> rule(p.finding())));
        table.getColumns().add(Columns.of("Summary", 600, (Problem p) -> p.finding().summary()));
        table.getSelectionModel().selectedItemProperty().addListener((o, old, p) -> selected(p));
        account.setId("problem-account");
        account.setEditable(false);
        account.setWrapText(true);
        account.setStyle("-fx-font-family: monospace;");
        account.setPromptText("Select a problem for its whole account");
        root = new SplitPane(table, account);
        root.setOrientation(Orientation.VERTICAL);
        root.setDividerPositions(0.6);
        problems.addListener(() -> {
            if (pending.compareAndSet(false, true)) { // one refresh for a burst of findings
                Platform.runLater(this::refresh);
            }
        });
        refresh();
    }

    /** FX thread: the table shows every finding so far, keeping the selected one selected. */
    void refresh() {
        pending.set(false);
        Problem was = table.getSelectionModel().getSelectedItem();
        table.getItems().setAll(problems.list());
        if (was != null) {
            table.getSelectionModel().select(was);
        }
        onChange.run();
    }

    private static String who(Side by) {
        return by == null ? "unknown" : by == Side.LOCAL ? "we" : "peer";
    }

    private Object connectionNumber(Problem p) {
        ConnectionHistory c = recording.connection(p.connection());
        return c == null ? p.finding().connectionId() : c.number();
    }

    private static String streams(Finding f) {
        String ids = f.streams().stream().map(String::valueOf).collect(Collectors.joining(", "));
        int more = f.streamCount() - f.streams().size();
        return more > 0 ? ids + " +" + more : ids;
    }

    /** {@code rfc9113/6.9/protocol_error (RFC 9113 §6.9)}, or the section alone for a sentence that is no rule. */
    private static String rule(Finding f) {
        if (f.rule() == null) {
            return "";
        }
        return f.rule().id() == null ? f.rule().spec() : f.rule().id() + " (" + f.rule().spec() + ")";
    }

    private void selected(Problem p) {
        if (p == null) {
            account.clear();
            return;
        }
        account.setText(FindingText.full(p.finding(), ZoneOffset.UTC));
        int frame = problems.frameOf(p);
        if (frame >= 0) {
            selection.connectionProperty().set(p.connection());
            selection.streamProperty().set(recording.frame(frame).streamId());
            selection.frameProperty().set(frame);
        }
    }

    /** The status line's part: "1 problem", "3 problems". */
    public String countLine() {
        int n = table.getItems().size();
        return n + (n == 1 ? " problem" : " problems");
    }

    /** FX thread: {@code action} runs after the table changed. */
    public void onChange(Runnable action) {
        onChange = action;
    }

    public TableView<Problem> table() {
        return table;
    }

    public Node node() {
        return root;
    }
}
