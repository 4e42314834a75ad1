package io.h2scope.engine.core;

import io.h2scope.engine.flow.InboundFlow;
import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.stream.StreamRegistry;
import io.h2scope.engine.stream.StreamState;

/** What trace events snapshot. */
final class ConnectionView implements TracePublisher.StateView {

    private final OutboundFlow outbound;
    private final InboundFlow inbound;
    private final StreamRegistry registry;

    ConnectionView(OutboundFlow outbound, InboundFlow inbound, StreamRegistry registry) {
        this.outbound = outbound;
        this.inbound = inbound;
        this.registry = registry;
    }

    @Override
    public int connectionSendWindow() {
        return outbound.connectionWindow();
    }

    @Override
    public int connectionReceiveWindow() {
        return inbound.connectionWindow();
    }

    @Override
    public int streamSendWindow(int streamId) {
        return outbound.streamWindowOr(streamId, -1);
    }

    @Override
    public int streamReceiveWindow(int streamId) {
        return inbound.streamWindowOr(streamId, -1);
    }

    @Override
    public StreamState state(int streamId) {
        return registry.state(streamId);
    }
}
