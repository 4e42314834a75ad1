package io.h2scope.inspector.view;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.TraceText;
import io.h2scope.inspector.model.Recording;

import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/**
 * The packet list: one row per frame of the recording (rows are frame numbers; the cells read the recording, so
 * the table holds no copy of the frames and stays virtual at any length).
 */
public final class FramesView {

    private final Recording recording;
    private final TableView<Integer> table = new TableView<>();
    private final ObservableList<Integer> rows = FXCollections.observableArrayList();

    public FramesView(Recording recording) {
        this.recording = recording;
        table.setId("frames");
        table.setItems(rows);
        table.getColumns().add(column("No.", 60, f -> f));
        table.getColumns().add(column("Time", 100, f -> TraceText.time(recording.frame(f).nanosSinceStart())));
        table.getColumns().add(column("Conn", 50, f -> recording.frame(f).connectionId()));
        table.getColumns().add(column("Dir", 50, f -> recording.frame(f).direction().name().toLowerCase()));
        table.getColumns().add(column("Stream", 60, f -> recording.frame(f).streamId()));
        table.getColumns().add(column("Type", 110, f -> FrameType.nameOf(recording.frame(f).header().typeCode())));
        table.getColumns().add(column("Length", 70, f -> recording.frame(f).header().length()));
    }

    private <T> TableColumn<Integer, T> column(String title, double width, Function<Integer, T> value) {
        TableColumn<Integer, T> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setSortable(false);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        return c;
    }

    public TableView<Integer> node() {
        return table;
    }

    /** FX thread: rows for the frames that arrived since the last call. */
    public void catchUp() {
        int have = rows.size();
        int now = recording.frameCount();
        if (now > have) {
            Integer[] added = new Integer[now - have];
            for (int i = 0; i < added.length; i++) {
                added[i] = have + i;
            }
            rows.addAll(added);
        }
    }

    /** The frame shown in row {@code row}. */
    public FrameEvent frameAt(int row) {
        return recording.frame(rows.get(row));
    }
}
