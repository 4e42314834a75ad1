package io.h2scope.conformance.peer;

import io.h2scope.engine.observer.FirstOctets;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * What the target's first octets are, told apart by {@link FirstOctets} before the peer acts on any frame: HTTP/2
 * frames (the peer then acts on what its {@link io.h2scope.engine.observer.Http2Observer} read), an "HTTP/1.x ..."
 * answer, reported with its status line (h2spec's mistake: "HTTP/1.1 400" parses as a 4.7-MB frame of type 0x2e), or
 * a TLS record, text or other octets, reported as {@link PeerEvent.NotHttp2}; nothing after either of those is
 * acted on.
 */
final class FirstAnswer {

    private static final int MAX_STATUS_LINE = 512;

    private final Consumer<PeerEvent> sink;
    private final ByteArrayOutputStream start = new ByteArrayOutputStream();
    private FirstOctets.Kind kind;
    private final ByteArrayOutputStream statusLine = new ByteArrayOutputStream();
    private boolean statusLineDone;

    FirstAnswer(Consumer<PeerEvent> sink) {
        this.sink = sink;
    }

    /** True once the first octets said HTTP/2 frames follow. */
    boolean frames() {
        return kind == FirstOctets.Kind.FRAMES;
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
                case FRAMES -> { }
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
}
