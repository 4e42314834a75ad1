package io.h2scope.conformance.peer;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.observer.FirstOctets;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns the target's bytes into {@link PeerEvent}s: frames through the engine's lenient
 * {@link FrameReader} (a broken frame is reported, never fatal), field blocks through a peer-owned
 * HPACK decoder. The first octets are told apart by {@link FirstOctets} before any is read as a frame: an
 * "HTTP/1.x ..." answer is reported as such (h2spec's mistake: "HTTP/1.1 400" parses as a 4.7-MB frame of type
 * 0x2e), a TLS record, text or other octets as {@link PeerEvent.NotHttp2}, and nothing after either is parsed.
 */
final class InboundParser {

    private static final int MAX_STATUS_LINE = 512;

    private final FrameReader reader = FrameReader.lenient(FrameSizes.DEFAULT_MAX_FRAME_SIZE);
    private final HpackDecoder decoder = new HpackDecoder(4096, 1 << 20, 1 << 20);
    private final Consumer<PeerEvent> sink;

    private final ByteArrayOutputStream start = new ByteArrayOutputStream();
    private FirstOctets.Kind kind;
    private final ByteArrayOutputStream statusLine = new ByteArrayOutputStream();
    private boolean statusLineDone;

    private int blockStream = -1;
    private final ByteArrayOutputStream block = new ByteArrayOutputStream();

    InboundParser(Consumer<PeerEvent> sink) {
        this.sink = sink;
    }

    void feed(byte[] bytes, int length) {
        int offset = 0;
        if (kind == null) {
            int take = Math.min(length, FirstOctets.DECISIVE - start.size());
            start.write(bytes, 0, take);
            offset = take;
            if (start.size() < FirstOctets.DECISIVE) {
                return;
            }
            byte[] first = start.toByteArray();
            kind = FirstOctets.of(first, first.length);
            switch (kind) {
                case FRAMES -> reader.read(ByteBuffer.wrap(first), handler);
                case HTTP1 -> statusLine.write(first, 0, first.length);
                default -> {
                    // what arrived with the first octets says what the port speaks; the rest is not read
                    start.write(bytes, offset, length - offset);
                    byte[] seen = start.toByteArray();
                    sink.accept(new PeerEvent.NotHttp2(kind, FirstOctets.describe(seen, seen.length)));
                }
            }
        }
        if (kind == FirstOctets.Kind.HTTP1) {
            readStatusLine(bytes, offset, length);
        } else if (kind == FirstOctets.Kind.FRAMES && offset < length) {
            reader.read(ByteBuffer.wrap(bytes, offset, length - offset), handler);
        }
    }

    private void readStatusLine(byte[] bytes, int offset, int length) {
        for (int i = offset; i < length && !statusLineDone; i++) {
            if (bytes[i] == '\n' || statusLine.size() >= MAX_STATUS_LINE) {
                statusLineDone = true;
                String line = statusLine.toString(StandardCharsets.ISO_8859_1).strip();
                sink.accept(new PeerEvent.Http1Response(line));
            } else {
                statusLine.write(bytes[i]);
            }
        }
    }

    private final FrameHandler handler = new FrameHandler() {
        @Override
        public void onFrame(Frame frame) {
            sink.accept(new PeerEvent.FrameReceived(frame, assemble(frame)));
        }

        @Override
        public void onViolation(FrameHeader header, Violation violation) {
            sink.accept(new PeerEvent.PeerViolation(header, violation));
        }
    };

    /** Collects field-block fragments; decodes when a block completes. */
    private List<HeaderField> assemble(Frame frame) {
        if (frame instanceof HeadersFrame h) {
            return start(h.streamId(), h.fragment(), h.endHeaders());
        } else if (frame instanceof PushPromiseFrame p) {
            return start(p.streamId(), p.fragment(), p.endHeaders());
        } else if (frame instanceof ContinuationFrame c && c.streamId() == blockStream) {
            block.write(c.fragment(), 0, c.fragment().length);
            return c.endHeaders() ? finish() : null;
        }
        return null;
    }

    private List<HeaderField> start(int streamId, byte[] fragment, boolean endHeaders) {
        blockStream = streamId;
        block.reset();
        block.write(fragment, 0, fragment.length);
        return endHeaders ? finish() : null;
    }

    private List<HeaderField> finish() {
        byte[] bytes = block.toByteArray();
        int streamId = blockStream;
        blockStream = -1;
        block.reset();
        List<HeaderField> fields = new ArrayList<>();
        try {
            decoder.decode(bytes, (name, value, rep, huffmanName, huffmanValue) -> fields.add(new HeaderField(name, value)));
            return List.copyOf(fields);
        } catch (HpackException e) {
            // RFC9113 §4.3: "A decoding error in a field block MUST be treated as a connection error ... COMPRESSION_ERROR"
            sink.accept(new PeerEvent.PeerViolation(new FrameHeader(bytes.length, 1, 0, streamId, false),
                    new Violation(SpecRef.rfc9113("4.3"), ErrorScope.CONNECTION, ErrorCode.COMPRESSION_ERROR,
                            "the target's field block does not decode: " + e.getMessage())));
            return null;
        }
    }
}
