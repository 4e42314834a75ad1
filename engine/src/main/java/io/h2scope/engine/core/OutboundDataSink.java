package io.h2scope.engine.core;

import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamInput;

import java.util.List;

/** Writes queued DATA for the scheduler, keeping windows and states in step. */
final class OutboundDataSink implements DataScheduler.Sink {

    private final OutboundFlow outbound;
    private final Output output;
    /** Output that fills past this waits for the transport to drain it (the scheduler stops). */
    private final int maxOutputBufferBytes;
    private final LiveStreams streams;
    private final HeaderBlockWriter headers;

    OutboundDataSink(OutboundFlow outbound, Output output, int maxOutputBufferBytes, LiveStreams streams,
            HeaderBlockWriter headers) {
        this.outbound = outbound;
        this.output = output;
        this.maxOutputBufferBytes = maxOutputBufferBytes;
        this.streams = streams;
        this.headers = headers;
    }

    @Override
    public int sendable(int streamId, int wanted) {
        return outbound.sendable(streamId, wanted);
    }

    @Override
    public int connectionAvailable() {
        return outbound.connectionAvailable();
    }

    @Override
    public int sendFloor(int streamId, int wanted) {
        return outbound.sendFloor(streamId, wanted);
    }

    @Override
    public boolean outputFull() {
        return output.readableBytes() >= maxOutputBufferBytes;
    }

    @Override
    public int maxFrameSize() {
        return output.maxDataFrameSize();
    }

    @Override
    public void writeData(int streamId, byte[] data, int offset, int length, boolean endStream) {
        if (length > 0) {
            outbound.onSent(streamId, length);
        }
        if (endStream) {
            streams.apply(streamId, StreamInput.SEND_END_STREAM);
        }
        output.data(streamId, data, offset, length, endStream);
    }

    @Override
    public void writeTrailers(int streamId, List<HeaderField> trailers) {
        streams.apply(streamId, StreamInput.SEND_HEADERS);
        headers.write(streamId, trailers, true);
    }
}
