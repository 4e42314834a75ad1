package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;

import java.nio.ByteBuffer;
import java.util.List;

/** A client and a server connection wired back to back in memory; {@link #pump} moves bytes until both are quiet. */
final class ConnectionPair {

    final EventRecorder clientEvents = new EventRecorder();
    final EventRecorder serverEvents = new EventRecorder();
    final Http2Connection client;
    final Http2Connection server;
    long now = 1_000;
    /** Bytes moved per direction and turn: small values exercise partial frames. */
    int chunk = 64 * 1024;

    ConnectionPair(ConnectionConfig clientConfig, ConnectionConfig serverConfig) {
        client = new Http2Connection(Role.CLIENT, clientConfig, clientEvents, now);
        server = new Http2Connection(Role.SERVER, serverConfig, serverEvents, now);
    }

    ConnectionPair() {
        this(ConnectionConfig.DEFAULTS, ConnectionConfig.DEFAULTS);
    }

    /** Moves bytes both ways until neither side has output; returns the number of turns. */
    int pump() {
        int turns = 0;
        while (client.hasOutput() || server.hasOutput()) {
            move(client, server);
            move(server, client);
            if (++turns > 100_000) {
                throw new AssertionError("the connections do not settle");
            }
        }
        return turns;
    }

    private void move(Http2Connection from, Http2Connection to) {
        ByteBuffer buffer = ByteBuffer.allocate(chunk);
        from.drainOutput(buffer);
        buffer.flip();
        if (buffer.hasRemaining()) {
            now += 10;
            to.receive(buffer, now);
        }
    }

    /** Applications that return all DATA credit as soon as it arrives. */
    void autoConsume() {
        clientEvents.reaction = e -> {
            if (e instanceof Event.DataReceived d) {
                client.consumed(d.streamId(), d.data().length);
            }
        };
        serverEvents.reaction = e -> {
            if (e instanceof Event.DataReceived d) {
                server.consumed(d.streamId(), d.data().length);
            }
        };
    }

    static List<HeaderField> get(String path) {
        return List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", path));
    }

    static List<HeaderField> post(String path, long contentLength) {
        return List.of(new HeaderField(":method", "POST"), new HeaderField(":scheme", "https"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", path),
                new HeaderField("content-length", Long.toString(contentLength)));
    }

    static List<HeaderField> status(int code) {
        return List.of(new HeaderField(":status", Integer.toString(code)));
    }
}
