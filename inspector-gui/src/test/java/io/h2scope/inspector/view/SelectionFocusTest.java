package io.h2scope.inspector.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.h2scope.engine.trace.model.Direction;
import io.h2scope.inspector.HandEvents;
import io.h2scope.inspector.model.Recording;

import org.junit.jupiter.api.Test;

/** Which connection and stream the views show: the last thing picked, a frame moving both. */
class SelectionFocusTest {

    @Test
    void theLastPickWinsAndAStreamZeroFrameKeepsTheStream() {
        HandEvents h = new HandEvents().headers(Direction.OUTBOUND, 3, false).windowUpdate(Direction.INBOUND, 0, 10);
        Recording r = new Recording();
        r.append(r.addSource("a"), h.events());
        r.append(r.addSource("b"), h.events());
        Selection selection = new Selection();
        SelectionFocus focus = new SelectionFocus(r, selection);
        assertSame(r.connection(0), focus.connection(), "nothing picked: the first connection");
        assertNull(focus.streamProperty().get());

        selection.frameProperty().set(0);
        assertEquals(r.connection(0).key(), focus.connectionProperty().get());
        assertEquals(3, focus.streamProperty().get());
        selection.frameProperty().set(1);
        assertEquals(3, focus.streamProperty().get(), "a connection-level frame keeps the stream");
        assertEquals(1, focus.frameIn(r.connection(0)));
        assertNull(focus.frameIn(r.connection(1)));

        selection.frameProperty().set(3); // source b's WINDOW_UPDATE: another connection, no stream
        assertSame(r.connection(1), focus.connection());
        assertNull(focus.streamProperty().get());

        selection.connectionProperty().set(r.connection(0).key());
        assertSame(r.connection(0), focus.connection(), "picking a connection moves there");
        selection.streamProperty().set(7);
        assertEquals(7, focus.streamProperty().get());
    }
}
