package io.h2scope.inspector.view;

import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.ConnectionSummary;
import io.h2scope.inspector.model.Recording;

import java.util.function.Function;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.util.Duration;

/**
 * One row per connection: source, id, the proxied or linked pair's other leg, which leg it is (an intermediary case's
 * front or origin), peer, role, transport, TLS and ALPN, frames and octets each way, and how it
 * ended. Rows are read from the recording when shown, so an open connection's counts move on each refresh. Selecting
 * a row selects the connection and its first frame in the shared {@link Selection}; a frame selected elsewhere
 * selects its connection here.
 */
public final class ConnectionsView {

    private final Recording recording;
    private final Selection selection;
    private final TableView<ConnectionHistory> table = new TableView<>();
    private final ObservableList<ConnectionHistory> rows = FXCollections.observableArrayList();
    private final Throttle counts = new Throttle(Duration.millis(250), table::refresh);
    private boolean selecting; // FX thread

    public ConnectionsView(Recording recording, Selection selection) {
        this.recording = recording;
        this.selection = selection;
        table.setId("connections");
        table.setItems(rows);
        table.getColumns().add(column("Source", 120, ConnectionSummary::source));
        table.getColumns().add(column("Id", 40, ConnectionSummary::id));
        table.getColumns().add(column("Pair", 40, ConnectionSummary::pair));
        table.getColumns().add(column("Leg", 120, ConnectionSummary::leg));
        table.getColumns().add(column("Peer", 140, ConnectionSummary::peer));
        table.getColumns().add(column("Role", 60, ConnectionSummary::role));
        table.getColumns().add(column("Transport", 90, ConnectionSummary::transport));
        table.getColumns().add(column("TLS", 130, ConnectionSummary::tls));
        table.getColumns().add(column("Frames sent", 80, ConnectionSummary::framesSent));
        table.getColumns().add(column("Frames recv", 80, ConnectionSummary::framesReceived));
        table.getColumns().add(column("Octets sent", 90, ConnectionSummary::octetsSent));
        table.getColumns().add(column("Octets recv", 90, ConnectionSummary::octetsReceived));
        table.getColumns().add(column("Ended", 320, ConnectionSummary::ended));
        table.getSelectionModel().selectedItemProperty().addListener((o, old, c) -> selected(c));
        selection.connectionProperty().addListener((o, old, key) -> follow(key));
    }

    private <T> TableColumn<ConnectionHistory, T> column(String title, double width,
            Function<ConnectionSummary, T> value) {
        return Columns.of(title, width, history -> value.apply(ConnectionSummary.of(history)));
    }

    /** FX thread (from {@link FxRefresh}, every growth): rows for new connections (the selection follows them). */
    public void catchUp() {
        int have = rows.size();
        int now = recording.connectionCount();
        for (int i = have; i < now; i++) {
            rows.add(recording.connection(i));
        }
    }

    /**
     * FX thread (from {@link FxRefresh}, while the tab is shown): the shown rows' counts read again, at most four
     * times a second. A refresh makes the table's cells again, which at every pulse of live traffic, shown or not,
     * was a share of each pulse.
     */
    public void countsMoved() {
        counts.request();
    }

    private void selected(ConnectionHistory c) {
        if (selecting || c == null) {
            return;
        }
        selecting = true;
        try {
            selection.connectionProperty().set(c.key());
            selection.streamProperty().set(0);
            if (c.frameCount() > 0) {
                selection.frameProperty().set(c.frameNumber(0));
            }
        } finally {
            selecting = false;
        }
    }

    private void follow(ConnectionKey key) {
        if (selecting) {
            return;
        }
        selecting = true;
        try {
            ConnectionHistory c = key == null ? null : recording.connection(key);
            if (c == null) {
                table.getSelectionModel().clearSelection();
            } else {
                table.getSelectionModel().select(c);
            }
        } finally {
            selecting = false;
        }
    }

    public TableView<ConnectionHistory> node() {
        return table;
    }

    /** The row values of connection row {@code row}, as shown. */
    public ConnectionSummary rowAt(int row) {
        return ConnectionSummary.of(rows.get(row));
    }
}
