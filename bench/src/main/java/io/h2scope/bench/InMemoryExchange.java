package io.h2scope.bench;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The engine's client and server connected in memory, for benchmarks that need real traffic without sockets: each
 * GET is answered with HEADERS and 1 KiB of DATA, the client credits what it reads, and {@link #pump} moves the
 * bytes both ways until neither has output, showing each chunk to a {@link Wire} on its way.
 */
public final class InMemoryExchange {

    /** Sees each chunk as it crosses, before the other side reads it. */
    public interface Wire {
        void crossed(boolean fromClient, ByteBuffer bytes);
    }

    private static final List<HeaderField> GET = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "http"), new HeaderField(":authority", "127.0.0.1:8080"),
            new HeaderField(":path", "/index.html"), new HeaderField("user-agent", "h2load nghttp2/1.52.0"));
    private static final List<HeaderField> OK = List.of(new HeaderField(":status", "200"),
            new HeaderField("content-type", "text/plain"));

    private final Http2Connection[] pair = new Http2Connection[2];
    private final Wire wire;
    private final ByteBuffer out = ByteBuffer.allocate(1 << 16);

    public InMemoryExchange(ConnectionConfig client, ConnectionConfig server, Wire wire) {
        this.wire = wire;
        pair[0] = new Http2Connection(Role.CLIENT, client, e -> {
            if (e instanceof Event.DataReceived d) {
                pair[0].consumed(d.streamId(), d.data().length);
            }
        }, 0);
        pair[1] = new Http2Connection(Role.SERVER, server, e -> {
            if (e instanceof Event.HeadersReceived h && h.endStream()) {
                pair[1].sendHeaders(h.streamId(), OK, false);
                pair[1].sendData(h.streamId(), ByteBuffer.wrap(new byte[1024]), true);
            }
        }, 0);
        pump(); // the prefaces and SETTINGS
    }

    /** Opens one GET on the client (sent with the next {@link #pump}). */
    public void get() {
        pair[0].openStream(GET, true);
    }

    /** Moves the bytes both ways until neither side has anything to send. */
    public void pump() {
        for (int turn = 0; pair[0].hasOutput() || pair[1].hasOutput(); turn++) {
            if (turn > 100) {
                throw new IllegalStateException("the connections do not settle");
            }
            for (int from = 0; from < 2; from++) {
                out.clear();
                pair[from].drainOutput(out);
                out.flip();
                if (out.hasRemaining()) {
                    wire.crossed(from == 0, out.duplicate());
                    pair[1 - from].receive(out, turn * 1_000L);
                }
            }
        }
    }
}
