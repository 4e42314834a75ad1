package io.h2scope.inspector.view;

import io.h2scope.inspector.model.ConnectionKey;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * What the user has selected, shared by every view of a window (FX thread only): selecting a frame in one view
 * selects its connection and stream, and moves the others (the stream's timeline, the chart's cursor, the HPACK
 * tables as of that frame). Each view listens to the properties it shows and sets the ones it lets the user pick.
 */
public final class Selection {

    /** The selected frame's number in the recording, or null. */
    private final ObjectProperty<Integer> frame = new SimpleObjectProperty<>(this, "frame");
    /** The selected connection, or null. */
    private final ObjectProperty<ConnectionKey> connection = new SimpleObjectProperty<>(this, "connection");
    /** The selected stream of the selected connection (0: the connection itself), or null. */
    private final ObjectProperty<Integer> stream = new SimpleObjectProperty<>(this, "stream");

    public ObjectProperty<Integer> frameProperty() {
        return frame;
    }

    public ObjectProperty<ConnectionKey> connectionProperty() {
        return connection;
    }

    public ObjectProperty<Integer> streamProperty() {
        return stream;
    }
}
