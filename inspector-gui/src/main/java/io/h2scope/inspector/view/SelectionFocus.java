package io.h2scope.inspector.view;

import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.Recording;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The connection and stream that the views of one thing (streams, windows, tables, settings) show, read from a
 * {@link Selection}: whichever was picked last wins, so picking a frame moves them to its connection and stream
 * (a frame on stream 0 keeps the stream when the connection stays), and picking a connection or a stream moves
 * them there. FX thread only.
 */
public final class SelectionFocus {

    private final Recording recording;
    private final Selection selection;
    private final ReadOnlyObjectWrapper<ConnectionKey> connection = new ReadOnlyObjectWrapper<>(this, "connection");
    private final ReadOnlyObjectWrapper<Integer> stream = new ReadOnlyObjectWrapper<>(this, "stream");

    public SelectionFocus(Recording recording, Selection selection) {
        this.recording = recording;
        this.selection = selection;
        selection.frameProperty().addListener((o, was, frame) -> {
            if (frame != null) {
                onFrame(frame);
            }
        });
        selection.connectionProperty().addListener((o, was, key) -> {
            if (key != null) {
                connection.set(key);
            }
        });
        selection.streamProperty().addListener((o, was, id) -> {
            if (id != null) {
                stream.set(id);
            }
        });
        if (selection.frameProperty().get() != null) {
            onFrame(selection.frameProperty().get());
        }
    }

    private void onFrame(int frame) {
        ConnectionKey key = recording.connectionOf(recording.frameEvent(frame)).key();
        int id = recording.frame(frame).streamId();
        boolean sameConnection = key.equals(connection.get());
        connection.set(key);
        if (id > 0 || !sameConnection) {
            stream.set(id > 0 ? id : null);
        }
    }

    public Selection selection() {
        return selection;
    }

    public Recording recording() {
        return recording;
    }

    /** The connection shown: the one picked last, else the recording's first, else null. */
    public ConnectionHistory connection() {
        ConnectionKey key = connection.get();
        if (key != null) {
            return recording.connection(key);
        }
        return recording.connectionCount() > 0 ? recording.connection(0) : null;
    }

    public ReadOnlyObjectProperty<ConnectionKey> connectionProperty() {
        return connection.getReadOnlyProperty();
    }

    /** The stream shown (above 0), or null when none was picked. */
    public ReadOnlyObjectProperty<Integer> streamProperty() {
        return stream.getReadOnlyProperty();
    }

    /** The selected frame, when it belongs to {@code history}; else null. */
    public Integer frameIn(ConnectionHistory history) {
        Integer frame = selection.frameProperty().get();
        if (frame == null || history == null || frame >= recording.frameCount()) {
            return null;
        }
        return recording.connectionOf(recording.frameEvent(frame)) == history ? frame : null;
    }
}
