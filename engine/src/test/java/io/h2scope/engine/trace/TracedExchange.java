package io.h2scope.engine.trace;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * A known exchange between two connections in memory, traced: the client (connection 1) GETs
 * /index.html with credentials, the server (connection 2) answers 200 with a body of
 * {@link #BODY_LENGTH} bytes, more than the connection window, so the server stalls until the client's
 * WINDOW_UPDATE. Time moves 100 µs per turn, so traces are the same on every run.
 */
public final class TracedExchange {

    static final List<HeaderField> REQUEST = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "https"), new HeaderField(":authority", "example.com"),
            new HeaderField(":path", "/index.html"), new HeaderField("authorization", "Bearer s3cret"),
            new HeaderField("cookie", "session=abc"));
    static final List<HeaderField> RESPONSE = List.of(new HeaderField(":status", "200"),
            new HeaderField("content-type", "text/plain"), new HeaderField("set-cookie", "id=42"));
    static final int BODY_LENGTH = 70_000;

    final Http2Connection client;
    final Http2Connection server;
    private long now = 0;

    TracedExchange(TraceSink clientSink, TraceSink serverSink) {
        this(ConnectionConfig.DEFAULTS.withTraceSink(1, clientSink), ConnectionConfig.DEFAULTS.withTraceSink(2, serverSink));
    }

    TracedExchange(ConnectionConfig clientConfig, ConnectionConfig serverConfig) {
        client = new Http2Connection(Role.CLIENT, clientConfig, this::onClientEvent, now);
        server = new Http2Connection(Role.SERVER, serverConfig, this::onServerEvent, now);
    }

    /** Runs the whole exchange: preface, settings, request, response, both sides quiet. */
    public static TracedExchange run(TraceSink clientSink, TraceSink serverSink) {
        return new TracedExchange(clientSink, serverSink).requests(List.of(REQUEST));
    }

    /** The preface and settings, then each of {@code requests} on the same connection, each answered, one by one. */
    TracedExchange requests(List<List<HeaderField>> requests) {
        pump();
        for (List<HeaderField> request : requests) {
            client.openStream(request, true);
            pump();
        }
        return this;
    }

    private void onServerEvent(Event event) {
        if (event instanceof Event.HeadersReceived h && h.endStream()) {
            server.sendHeaders(h.streamId(), RESPONSE, false);
            byte[] body = new byte[BODY_LENGTH];
            java.util.Arrays.fill(body, (byte) 'x');
            server.sendData(h.streamId(), ByteBuffer.wrap(body), true);
        }
    }

    private void onClientEvent(Event event) {
        if (event instanceof Event.DataReceived d) {
            client.consumed(d.streamId(), d.data().length);
        }
    }

    void pump() {
        for (int turn = 0; client.hasOutput() || server.hasOutput(); turn++) {
            if (turn > 1000) {
                throw new AssertionError("the connections do not settle");
            }
            move(client, server);
            move(server, client);
        }
    }

    private void move(Http2Connection from, Http2Connection to) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        from.drainOutput(buffer);
        buffer.flip();
        if (buffer.hasRemaining()) {
            now += 100_000;
            to.receive(buffer, now);
        }
    }
}
