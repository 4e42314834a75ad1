package io.h2scope.inspector.view;

import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.HpackTableAsOf;
import io.h2scope.inspector.model.HpackTableAsOf.Change;
import io.h2scope.inspector.model.HpackTableAsOf.Row;

import java.util.EnumMap;
import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * Both HPACK dynamic tables of the focused connection (RFC 7541 §2.3.2) as of the selected frame (time travel:
 * an earlier frame shows the tables then), or as of the connection's last frame when none is selected. Entries
 * with the index a field block uses (62 is the newest), name, value and size; the entries this frame's field block
 * inserted are green, those it evicted red; each table's size and its limit above it.
 */
public final class HpackView {

    private final SelectionFocus focus;
    /** Growth redraws at most four times a second: the work grows with the connection. */
    private final Throttle growth = new Throttle(Duration.millis(250), this::update);
    private final Label asOf = new Label();
    private final Map<HpackContext, TableView<Row>> tables = new EnumMap<>(HpackContext.class);
    private final Map<HpackContext, Label> titles = new EnumMap<>(HpackContext.class);
    private final Map<HpackContext, Label> sizes = new EnumMap<>(HpackContext.class);
    private final Map<HpackContext, HpackTableAsOf> shownTables = new EnumMap<>(HpackContext.class);
    private final BorderPane root = new BorderPane();
    private ConnectionHistory shown;
    private int shownFrame = -2;

    public HpackView(SelectionFocus focus, FxRefresh refresh) {
        this.focus = focus;
        SplitPane split = new SplitPane();
        for (HpackContext context : HpackContext.values()) {
            split.getItems().add(tablePane(context));
        }
        asOf.setId("hpack-as-of");
        asOf.setMnemonicParsing(false);
        root.setTop(asOf);
        root.setCenter(split);
        focus.connectionProperty().addListener((o, was, now) -> update());
        focus.selection().frameProperty().addListener((o, was, now) -> update());
        refresh.onGrowth(count -> growth.request());
        update();
    }

    public Node node() {
        return root;
    }

    private VBox tablePane(HpackContext context) {
        String id = context.name().toLowerCase();
        TableView<Row> table = new TableView<>();
        table.setId("hpack-" + id);
        table.getColumns().add(Columns.of("Index", 70, r -> r.change() == Change.EVICTED
                ? (r.index() > 0 ? "evicted (was " + r.index() + ")" : "evicted") : String.valueOf(r.index())));
        table.getColumns().add(Columns.of("Name", 180, Row::name));
        table.getColumns().add(Columns.of("Value", 260, this::value));
        table.getColumns().add(Columns.of("Size", 60, Row::size));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Row row, boolean empty) {
                super.updateItem(row, empty);
                String style = "";
                if (!empty && row != null && row.change() == Change.INSERTED) {
                    style = "-fx-background-color: #d4f5d4;";
                } else if (!empty && row != null && row.change() == Change.EVICTED) {
                    style = "-fx-background-color: #ffd6d6; -fx-opacity: 0.8;";
                }
                setStyle(style);
            }
        });
        tables.put(context, table);
        Label title = new Label();
        title.setMnemonicParsing(false);
        title.setStyle("-fx-font-weight: bold;");
        titles.put(context, title);
        Label size = new Label();
        size.setId("hpack-" + id + "-size");
        size.setMnemonicParsing(false);
        sizes.put(context, size);
        VBox box = new VBox(4, Whole.wrapping(title), Whole.wrapping(size), table);
        VBox.setVgrow(table, Priority.ALWAYS);
        return box;
    }

    /** An entry's value as its connection shows values ({@code <redacted N bytes>} for credentials). */
    private String value(Row row) {
        ConnectionHistory connection = shown;
        return connection == null ? row.value() : connection.redaction().value(row.name(), row.value());
    }

    /** Names a user reads without knowing which context is which: whose field blocks the table serves. */
    static String title(HpackContext context, Role role) {
        String peer = role == null ? "the peer" : role == Role.CLIENT ? "the server" : "the client";
        return context == HpackContext.DECODER
                ? "Fields received from " + peer + " (its encoder's table, mirrored by our decoder)"
                : "Fields sent to " + peer + " (our encoder's table)";
    }

    /** FX thread: shows the tables as of the selected frame (or the last one) when that changed. */
    void update() {
        ConnectionHistory connection = focus.connection();
        Integer selected = focus.frameIn(connection);
        int frame = selected != null ? selected
                : connection == null || connection.frameCount() == 0 ? -1
                : connection.frameNumber(connection.frameCount() - 1);
        if (connection == shown && frame == shownFrame) {
            return;
        }
        shown = connection;
        shownFrame = frame;
        Role role = connection == null || connection.opened() == null ? null : connection.opened().role();
        for (HpackContext context : HpackContext.values()) {
            titles.get(context).setText(title(context, role));
            if (frame < 0) {
                shownTables.remove(context);
                tables.get(context).getItems().clear();
                sizes.get(context).setText("empty");
                continue;
            }
            HpackTableAsOf t = HpackTableAsOf.of(connection, frame, context);
            shownTables.put(context, t);
            tables.get(context).getItems().setAll(t.rows());
            long inserted = t.rows().stream().filter(r -> r.change() == Change.INSERTED).count();
            long evicted = t.rows().stream().filter(r -> r.change() == Change.EVICTED).count();
            int n = t.entries().size();
            sizes.get(context).setText(n + (n == 1 ? " entry, " : " entries, ") + t.size() + " of " + t.maxSize()
                    + " octets (the table size limit, RFC 7541 §4.2)" + (t.resized() ? "; limit changed by this block" : "")
                    + "; this block: " + inserted + " inserted, " + evicted + " evicted");
        }
        asOf.setText(frame < 0 ? "No frames yet"
                : (selected != null ? "As of the selected frame No. " : "As of the connection's last frame No. ")
                        + frame + " (select a frame to see the tables then)");
    }

    // ---------------------------------------------------------------- for tests

    TableView<Row> table(HpackContext context) {
        return tables.get(context);
    }

    HpackTableAsOf shownTable(HpackContext context) {
        return shownTables.get(context);
    }
}
