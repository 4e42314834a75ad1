package io.h2scope.engine.trace.live;

import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;

/**
 * A connection whose events reach a {@link LiveTrace} without a sink of its own: traffic decoded by an
 * {@code Http2Observer} (the recording proxy's legs), or a sink shared by several connections. Nothing can ask it for
 * its state, so it keeps a {@link ConnectionModel} fed every event, traced or not, and a consumer that joins late gets
 * its opening and a snapshot from the model, at once ({@link #wake()}) or before the next event. Its events come one
 * at a time; a wake from another thread takes the same lock.
 */
final class ObservedConnection {

    private final LiveConnection live;
    private final ConnectionModel model;
    private long lastNanos;

    ObservedConnection(LiveConnection live) {
        this.live = live;
        this.model = new ConnectionModel(live.id());
    }

    synchronized void onEvent(TraceEvent event) {
        if (event instanceof ConnectionOpened opened) {
            live.remoteIs(opened.remote());
        }
        if (live.enabled()) {
            catchUp(event.nanosSinceStart());
            live.onEvent(event);
        }
        model.apply(event);
        lastNanos = event.nanosSinceStart();
    }

    /** A consumer joined: it gets the opening and the state now, if it wants them. */
    synchronized void wake() {
        if (live.enabled()) {
            catchUp(lastNanos);
        }
    }

    private void catchUp(long nanos) {
        ConnectionOpened opened = model.opened();
        if (opened != null && live.wantsOpening()) {
            live.onEvent(opened);
            live.onEvent(new SnapshotTaken(live.id(), nanos, model.snapshot()));
        }
    }
}
