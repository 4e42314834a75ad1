package io.h2scope.engine.core;

import io.h2scope.engine.flow.InboundFlow;
import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.flow.WindowUpdateSink;
import io.h2scope.engine.stream.StreamIdMap;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamRegistry;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.stream.Transition;

import java.util.function.Consumer;

/**
 * The connection's streams: every stream input goes through {@link #apply}, which moves the §5.1 state
 * in the {@link StreamRegistry} and keeps in step what lives only while a stream does: its
 * {@link StreamRecord}, its windows in both directions and its queued DATA.
 */
final class LiveStreams {

    private final StreamRegistry registry;
    private final StreamIdMap<StreamRecord> records = new StreamIdMap<>();
    private final InboundFlow inbound;
    private final OutboundFlow outbound;
    private final DataScheduler scheduler;
    private final TracePublisher tracer;
    /** Where a closing stream's unconsumed receive credit goes back to the connection. */
    private final WindowUpdateSink windowUpdates;
    /** Run after a stream closed: the connection may end with its last stream after a GOAWAY. */
    private final Runnable afterClose;
    private final LateDataAllowance lateData = new LateDataAllowance();

    LiveStreams(StreamRegistry registry, InboundFlow inbound, OutboundFlow outbound, DataScheduler scheduler,
            TracePublisher tracer, WindowUpdateSink windowUpdates, Runnable afterClose) {
        this.registry = registry;
        this.inbound = inbound;
        this.outbound = outbound;
        this.scheduler = scheduler;
        this.tracer = tracer;
        this.windowUpdates = windowUpdates;
        this.afterClose = afterClose;
    }

    /** Applies one input through the registry, keeping windows, queues and records in step. */
    Transition apply(int streamId, StreamInput input) {
        StreamState before = registry.state(streamId);
        Transition t = registry.apply(streamId, input);
        StreamState after = registry.state(streamId);
        if (before != after) {
            tracer.stateChanged(streamId, before, after, input);
        }
        if (before == StreamState.IDLE && after != StreamState.IDLE && after != StreamState.CLOSED) {
            records.put(streamId, new StreamRecord(streamId));
            inbound.openStream(streamId);
            outbound.openStream(streamId);
        }
        if (before != StreamState.CLOSED && after == StreamState.CLOSED) {
            records.remove(streamId);
            if (input == StreamInput.SEND_RST_STREAM) {
                lateData.streamReset(inbound.streamWindow(streamId));
            }
            scheduler.remove(streamId);
            outbound.closeStream(streamId);
            inbound.closeStream(streamId, windowUpdates);
            afterClose.run();
        }
        return t;
    }

    /**
     * A peer stream refused as it opened (over our concurrency limit), never tracked: the peer may have sent a whole
     * initial window of DATA on it before it sees our RST_STREAM.
     */
    void refusedAtOpen() {
        lateData.streamReset(inbound.initialStreamWindow());
    }

    /** DATA of {@code length} octets on a stream we reset: false when the streams we reset allowed no more. */
    boolean takeLateData(int length) {
        return lateData.take(length);
    }

    StreamState state(int streamId) {
        return registry.state(streamId);
    }

    /** The record of a live stream, null for an idle or closed one. */
    StreamRecord record(int streamId) {
        return records.get(streamId);
    }

    /** Streams neither idle nor closed. */
    int count() {
        return records.size();
    }

    boolean isEmpty() {
        return records.isEmpty();
    }

    /** The live streams' ids, a copy. */
    int[] ids() {
        return records.keys();
    }

    void forEachRecord(Consumer<StreamRecord> action) {
        records.forEachValue(action);
    }
}
