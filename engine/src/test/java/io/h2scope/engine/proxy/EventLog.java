package io.h2scope.engine.proxy;

import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A test sink that keeps every event, with the views the proxy tests compare. */
public final class EventLog implements TraceSink {

    private final List<TraceEvent> events = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(TraceEvent event) {
        events.add(event);
    }

    public List<TraceEvent> events() {
        return List.copyOf(events);
    }

    public List<ConnectionOpened> opened() {
        return events.stream().filter(ConnectionOpened.class::isInstance).map(ConnectionOpened.class::cast).toList();
    }

    public List<ConnectionClosed> closed() {
        return events.stream().filter(ConnectionClosed.class::isInstance).map(ConnectionClosed.class::cast).toList();
    }

    public ConnectionClosed closed(long conn) {
        return closed().stream().filter(c -> c.connectionId() == conn).findFirst()
                .orElseThrow(() -> new AssertionError("connection " + conn + " has no closed event: " + events));
    }

    /** Waits until {@code count} connections have closed; fails with what was seen otherwise. */
    public void awaitClosed(int count) throws InterruptedException {
        Await.until(() -> closed().size() >= count, () -> closed().size() + " of " + count + " connections closed: "
                + closed());
    }

    /**
     * The frames of {@code conn} in {@code direction}, each as its wire header and payload (type, flags, stream,
     * length, payload in base64): equal lists mean equal bytes.
     */
    public List<String> frames(long conn, Direction direction) {
        List<String> frames = new ArrayList<>();
        for (TraceEvent e : events) {
            if (e instanceof FrameEvent f && f.connectionId() == conn && f.direction() == direction) {
                frames.add(f.header().typeCode() + "/" + f.header().flags() + "/" + f.header().streamId() + "/"
                        + f.header().length() + "/" + Base64.getEncoder().encodeToString(FrameWriter.payloadOf(f.frame())));
            }
        }
        return frames;
    }

    /** The id of the one connection of role {@code role} (server or client), failing if there are several. */
    public long only(io.h2scope.engine.stream.Role role) {
        List<ConnectionOpened> of = opened().stream().filter(o -> o.role() == role).toList();
        if (of.size() != 1) {
            throw new AssertionError("expected one " + role + " connection, got " + of);
        }
        return of.get(0).connectionId();
    }
}
