package io.h2scope.inspector.view;

import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.LinkedLegs;
import io.h2scope.inspector.model.Recording;

import java.util.List;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;

/**
 * An intermediary case's two legs side by side: on the left the client's connection to the intermediary (front), on
 * the right the intermediary's to the origin (origin), each titled with its connection's number in the window and the
 * other leg's, its lines as they went (a frame, or an HTTP/1.1 message's octets, line by line). A frame's line, chosen,
 * selects the frame in every view.
 */
final class LegsView {

    private final Recording recording;
    private final Selection selection;
    private final Label frontTitle = Whole.wrapping(new Label());
    private final Label originTitle = Whole.wrapping(new Label());
    private final ListView<LinkedLegs.Line> frontLines = lines("legs-front");
    private final ListView<LinkedLegs.Line> originLines = lines("legs-origin");
    private final SplitPane root;
    private int source;

    LegsView(Recording recording, Selection selection) {
        this.recording = recording;
        this.selection = selection;
        frontTitle.setId("legs-front-title");
        originTitle.setId("legs-origin-title");
        root = new SplitPane(column(frontTitle, frontLines), column(originTitle, originLines));
        root.setId("legs");
    }

    private static BorderPane column(Label title, ListView<LinkedLegs.Line> lines) {
        BorderPane column = new BorderPane(lines);
        column.setTop(title);
        BorderPane.setMargin(title, new Insets(4));
        return column;
    }

    private ListView<LinkedLegs.Line> lines(String id) {
        ListView<LinkedLegs.Line> list = new ListView<>();
        list.setId(id);
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(LinkedLegs.Line line, boolean empty) {
                super.updateItem(line, empty);
                setMnemonicParsing(false);
                setText(empty || line == null ? null : line.text());
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, was, line) -> chosen(line));
        return list;
    }

    /** FX thread: the legs of the exchange opened as source {@code source} of the recording. */
    void show(LinkedLegs legs, int source) {
        this.source = source;
        frontTitle.setText(title("Front: h2scope's client to the intermediary", legs.front()));
        originTitle.setText(title("Origin: the intermediary to h2scope's origin", legs.origin()));
        frontLines.getItems().setAll(legs.front().stream().flatMap(l -> l.lines().stream()).toList());
        originLines.getItems().setAll(legs.origin().stream().flatMap(l -> l.lines().stream()).toList());
    }

    /** "Front: ... connection 3 (client, h2c, ...), linked to connection 4 · front of proxy/8.2.2/x h2sm...". */
    private String title(String side, List<LinkedLegs.Leg> legs) {
        if (legs.isEmpty()) {
            return side + ": no connection (nothing came this way)";
        }
        StringBuilder text = new StringBuilder(side);
        for (LinkedLegs.Leg leg : legs) {
            text.append("\nconnection ").append(number(leg.opened().connectionId())).append(" (").append(leg.how())
                    .append(')');
            if (leg.opened().paired()) {
                text.append(", linked to connection ").append(number(leg.opened().pair()));
            }
        }
        return text.append("\n").append(legs.get(0).what()).toString();
    }

    /** The window's number of connection {@code id} of the exchange's source (its id while it is not seen). */
    private String number(long id) {
        ConnectionHistory history = recording.connection(new ConnectionKey(source, id));
        return String.valueOf(history == null ? id : history.number());
    }

    private void chosen(LinkedLegs.Line line) {
        if (line == null || line.frame() < 0) {
            return;
        }
        ConnectionHistory history = recording.connection(new ConnectionKey(source, line.connection()));
        if (history != null && line.frame() < history.frameCount()) {
            int frame = history.frameNumber(line.frame());
            selection.connectionProperty().set(history.key());
            selection.streamProperty().set(recording.frame(frame).streamId());
            selection.frameProperty().set(frame);
        }
    }

    ListView<LinkedLegs.Line> frontLines() {
        return frontLines;
    }

    ListView<LinkedLegs.Line> originLines() {
        return originLines;
    }

    Node node() {
        return root;
    }
}
