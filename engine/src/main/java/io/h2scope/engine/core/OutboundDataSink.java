package io.h2scope.engine.core;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamInput;

import java.util.List;

/** Writes queued DATA for the scheduler, keeping windows and states in step. */
final class OutboundDataSink implements DataScheduler.Sink {

    private final Http2Connection c;
    private final LiveStreams streams;
    private final HeaderBlockWriter headers;

    OutboundDataSink(Http2Connection connection, LiveStreams streams, HeaderBlockWriter headers) {
        this.c = connection;
        this.streams = streams;
        this.headers = headers;
    }

    @Override
    public int sendable(int streamId, int wanted) {
        return c.outbound.sendable(streamId, wanted);
    }

    @Override
    public int connectionAvailable() {
        return c.outbound.connectionAvailable();
    }

    @Override
    public int sendFloor(int streamId, int wanted) {
        return c.outbound.sendFloor(streamId, wanted);
    }

    @Override
    public boolean outputFull() {
        return c.output.readableBytes() >= c.limits.maxOutputBufferBytes();
    }

    @Override
    public int maxFrameSize() {
        return c.output.maxDataFrameSize();
    }

    @Override
    public void writeData(int streamId, byte[] data, int offset, int length, boolean endStream) {
        if (length > 0) {
            c.outbound.onSent(streamId, length);
        }
        if (endStream) {
            streams.apply(streamId, StreamInput.SEND_END_STREAM);
        }
        c.output.data(streamId, data, offset, length, endStream);
    }

    @Override
    public void writeTrailers(int streamId, List<HeaderField> trailers) {
        streams.apply(streamId, StreamInput.SEND_HEADERS);
        headers.write(streamId, trailers, true);
    }
}

