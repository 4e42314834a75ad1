package io.h2scope.engine.core;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.stream.StreamInput;

import java.util.List;

/**
 * Our header sections, encoded by our HPACK encoder and written as HEADERS (with CONTINUATION) or
 * PUSH_PROMISE. A section that ends the stream moves it first, so the frame's trace event shows the
 * state it left.
 */
final class HeaderBlockWriter {

    private final LiveStreams streams;
    private final HpackEncoder encoder;
    /** Test-only hooks that change the headers we send, or null. */
    private final ConnectionHooks hooks;
    private final TracePublisher tracer;
    private final Output output;
    /** One buffer for every block, made on first use: an idle connection does not carry it. */
    private HpackOutput scratch;

    HeaderBlockWriter(LiveStreams streams, HpackEncoder encoder, ConnectionHooks hooks, TracePublisher tracer,
            Output output) {
        this.streams = streams;
        this.encoder = encoder;
        this.hooks = hooks;
        this.tracer = tracer;
        this.output = output;
    }

    /** A header section on {@code streamId}, whose HEADERS transition the caller applied. */
    void write(int streamId, List<HeaderField> requested, boolean endStream) {
        if (endStream) {
            streams.apply(streamId, StreamInput.SEND_END_STREAM);
        }
        List<HeaderField> headers = hooks == null ? requested : hooks.headers(requested);
        HpackOutput block = encode(headers);
        if (tracer.enabled()) {
            output.headerBlock(streamId, block.toByteArray(), endStream, headers); // the traced frames keep the block
        } else {
            tracer.untracedBlock();
            output.untracedHeaderBlock(streamId, block.array(), block.size(), endStream);
        }
    }

    /** A PUSH_PROMISE on {@code streamId} for {@code promisedId}, whose transitions the caller applied. */
    void pushPromise(int streamId, int promisedId, List<HeaderField> requestHeaders) {
        output.pushPromise(streamId, promisedId, encode(requestHeaders).toByteArray(),
                tracer.enabled() ? requestHeaders : List.of());
    }

    private HpackOutput encode(List<HeaderField> headers) {
        if (scratch == null) {
            scratch = new HpackOutput(128);
        }
        scratch.reset();
        encoder.encode(headers, scratch);
        return scratch;
    }
}
