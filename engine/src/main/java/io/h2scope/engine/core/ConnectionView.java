package io.h2scope.engine.core;

import io.h2scope.engine.stream.StreamState;

/** What trace events snapshot. */
final class ConnectionView implements TracePublisher.StateView {

    private final Http2Connection c;

    ConnectionView(Http2Connection connection) {
        this.c = connection;
    }

    @Override
    public int connectionSendWindow() {
        return c.outbound.connectionWindow();
    }

    @Override
    public int connectionReceiveWindow() {
        return c.inbound.connectionWindow();
    }

    @Override
    public int streamSendWindow(int streamId) {
        return c.outbound.isTracked(streamId) ? c.outbound.streamWindow(streamId) : -1;
    }

    @Override
    public int streamReceiveWindow(int streamId) {
        return c.inbound.isTracked(streamId) ? c.inbound.streamWindow(streamId) : -1;
    }

    @Override
    public StreamState state(int streamId) {
        return c.registry.state(streamId);
    }
}
