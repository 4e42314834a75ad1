package io.h2scope.inspector.view;

import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.text.TraceText;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.SettingsHistory;
import io.h2scope.inspector.model.SettingsHistory.Announcement;
import io.h2scope.inspector.model.SettingsHistory.Value;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The focused connection's SETTINGS (RFC 9113 §6.5) as of the selected frame (or the end): for each setting, the
 * value each side announced and the value in force, the RFC initial value marked "(default)", and when the
 * announcement was ACKed (ours take effect only then, §6.5.3); below, every SETTINGS frame with its ACK time.
 */
public final class SettingsView {

    /** One line of the values table: a setting, ours and the peer's. */
    public record ValueRow(Value ours, Value peers) {
    }

    private final SelectionFocus focus;
    /** Growth redraws at most four times a second: the work grows with the connection. */
    private final Throttle growth = new Throttle(Duration.millis(250), this::update);
    private final TableView<ValueRow> values = new TableView<>();
    private final TableView<Announcement> frames = new TableView<>();
    private final Label heading = new Label();
    private final BorderPane root = new BorderPane();
    private ConnectionHistory shown;
    private int shownUpTo = -2;
    private int shownEvents = -1;
    private String us = "ours";
    private String them = "peer's";

    public SettingsView(SelectionFocus focus, FxRefresh refresh) {
        this.focus = focus;
        values.setId("settings-values");
        frames.setId("settings-frames");
        values.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        frames.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        heading.setId("settings-heading");
        heading.setMnemonicParsing(false);
        SplitPane split = new SplitPane(labelled("Values", values), labelled("SETTINGS frames", frames));
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.6);
        root.setTop(heading);
        root.setCenter(split);
        buildColumns();
        focus.connectionProperty().addListener((o, was, now) -> update());
        focus.selection().frameProperty().addListener((o, was, now) -> update());
        refresh.onGrowth(count -> growth.request());
        update();
    }

    public Node node() {
        return root;
    }

    private void buildColumns() {
        values.getColumns().setAll(List.of(
                Columns.of("Setting", 240, r -> r.ours().id().settingName()),
                Columns.of("Default", 90, r -> Settings.text(r.ours().id().initialValue())),
                Columns.of(cap(us) + " in force", 150, r -> inForce(r.ours())),
                Columns.of(cap(us) + " announced", 280, r -> announced(r.ours())),
                Columns.of(cap(them) + " in force", 150, r -> inForce(r.peers())),
                Columns.of(cap(them) + " announced", 280, r -> announced(r.peers()))));
        frames.getColumns().setAll(List.of(
                Columns.of("Time", 110, a -> TraceText.time(a.nanos())),
                Columns.of("By", 110, a -> a.side() == Side.LOCAL ? us : them),
                Columns.of("Values", 480, SettingsView::entries),
                Columns.of("ACKed", 200, a -> a.acked() ? TraceText.time(a.ackedNanos()) : "not yet")));
    }

    /** FX thread: the tables as of the selected frame (or all) when that or the recording changed. */
    void update() {
        ConnectionHistory connection = focus.connection();
        Integer frame = focus.frameIn(connection);
        int upTo = frame == null ? Integer.MAX_VALUE : focus.recording().frameEvent(frame);
        int events = connection == null ? -1 : connection.eventCount();
        if (connection == shown && upTo == shownUpTo && (frame != null || events == shownEvents)) {
            return;
        }
        shown = connection;
        shownUpTo = upTo;
        shownEvents = events;
        if (connection == null) {
            heading.setText("No connection yet");
            values.getItems().clear();
            frames.getItems().clear();
            return;
        }
        Role role = connection.opened() == null ? null : connection.opened().role();
        String newUs = role == null ? "ours" : "ours (" + role.name().toLowerCase() + ")";
        String newThem = role == null ? "peer's" : "peer's (" + (role == Role.CLIENT ? "server" : "client") + ")";
        if (!newUs.equals(us) || !newThem.equals(them)) {
            us = newUs;
            them = newThem;
            buildColumns();
        }
        SettingsHistory history = SettingsHistory.of(connection, upTo);
        List<Value> ours = history.values(Side.LOCAL);
        List<Value> peers = history.values(Side.REMOTE);
        List<ValueRow> rows = new ArrayList<>();
        for (int i = 0; i < ours.size(); i++) {
            rows.add(new ValueRow(ours.get(i), peers.get(i)));
        }
        values.getItems().setAll(rows);
        frames.getItems().setAll(history.announcements());
        heading.setText("Connection " + connection.number() + ": settings "
                + (frame == null ? "at the end" : "as of frame No. " + frame)
                + "; the peer's are in force on receipt, ours once the peer ACKs them (RFC 9113 §6.5.3)");
    }

    static String inForce(Value v) {
        return Settings.text(v.inForce()) + (v.isDefault() ? " (default)" : "");
    }

    static String announced(Value v) {
        if (v.announced() == null) {
            return "-";
        }
        return Settings.text(v.announced()) + " at " + TimeText.seconds(v.announcedNanos()) + ", "
                + (v.ackedNanos() >= 0 ? "ACKed at " + TimeText.seconds(v.ackedNanos()) : "not ACKed yet");
    }

    private static String entries(Announcement a) {
        return a.entries().isEmpty() ? "(empty)" : a.entries().stream()
                .map((Setting s) -> s.id().name() + "=" + Settings.text(s.value())).collect(Collectors.joining(" "));
    }


    private static String cap(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static VBox labelled(String title, Node content) {
        Label l = new Label(title);
        l.setMnemonicParsing(false);
        VBox box = new VBox(4, l, content);
        VBox.setVgrow(content, Priority.ALWAYS);
        return box;
    }

    // ---------------------------------------------------------------- for tests

    TableView<ValueRow> values() {
        return values;
    }

    TableView<Announcement> frames() {
        return frames;
    }
}
