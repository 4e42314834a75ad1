package io.h2scope.bench.inspector;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes a large, realistic JSONL v2 recording for the inspector's benchmark: real engine client and server
 * connections in memory (no sockets), each side tracing to one file, as {@code H2SCOPE_TRACE_FILE} would record a
 * busy server and its clients. Many connections at once, requests of varied paths, headers and cookies (so HPACK
 * inserts and evicts), GETs and POSTs, responses from a few hundred octets to tens of KiB (so DATA, WINDOW_UPDATE and
 * flow-control stalls), PINGs, a SETTINGS change now and then, a reset stream, and GOAWAY at each connection's end.
 * The seed is fixed: the same arguments give the same file.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar io.h2scope.bench.inspector.LargeTraceGenerator FILE [FRAMES]}.
 */
public final class LargeTraceGenerator {

    private static final String[] PATHS = {"/", "/index.html", "/api/v1/items", "/api/v1/items/%d", "/static/app.js",
            "/static/style.css", "/img/%d.png", "/search?q=%d", "/api/v1/users/%d/orders", "/healthz"};
    private static final String[] AGENTS = {"Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15", "curl/8.5.0", "grpc-java-netty/1.68.1",
            "okhttp/4.12.0"};

    private final Random random = new Random(20261201);
    private final TraceSink sink;
    private final ByteBuffer wire = ByteBuffer.allocate(1 << 17);
    private long frames;
    private long events;
    private long now;

    private LargeTraceGenerator(TraceSink file) {
        this.sink = new TraceSink() {
            @Override
            public void onEvent(TraceEvent event) {
                events++;
                if (event instanceof FrameEvent) {
                    frames++;
                }
                file.onEvent(event);
            }

            @Override
            public boolean wantsHpackDetail() {
                return false;
            }
        };
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: LargeTraceGenerator FILE [FRAMES]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        long target = args.length > 1 ? Long.parseLong(args[1].replace("_", "")) : 1_000_000;
        Files.deleteIfExists(file);
        long started = System.nanoTime();
        LargeTraceGenerator generator;
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, Long.MAX_VALUE, System.err)) {
            generator = new LargeTraceGenerator(writer);
            generator.run(target);
        }
        System.out.printf("%s: %,d frames, %,d events, %,d octets in %.1f s%n", file, generator.frames,
                generator.events, Files.size(file), (System.nanoTime() - started) / 1e9);
    }

    /** One client and server connection; requests are opened on it until it has done its share. */
    private final class Pair {
        final Http2Connection client;
        final Http2Connection server;
        final int requests;
        int done;

        Pair(long id) {
            client = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS.withTraceSink(id, sink), this::onClient, now);
            server = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(id + 1, sink),
                    this::onServer, now);
            requests = 20 + random.nextInt(400);
        }

        private void onClient(Event event) {
            if (event instanceof Event.DataReceived d) {
                client.consumed(d.streamId(), d.data().length);
                if (d.endStream()) {
                    done++;
                }
            } else if (event instanceof Event.HeadersReceived h && h.endStream()) {
                done++;
            }
        }

        private void onServer(Event event) {
            if (event instanceof Event.HeadersReceived h && h.kind() != null) {
                if (h.endStream()) {
                    respond(h.streamId());
                }
            } else if (event instanceof Event.DataReceived d) {
                server.consumed(d.streamId(), d.data().length);
                if (d.endStream()) {
                    respond(d.streamId());
                }
            }
        }

        private void respond(int stream) {
            int kind = random.nextInt(100);
            if (kind < 2) {
                server.reset(stream, io.h2scope.engine.error.ErrorCode.CANCEL);
                done++;
                return;
            }
            List<HeaderField> headers = new ArrayList<>();
            headers.add(new HeaderField(":status", kind < 8 ? "404" : kind < 15 ? "304" : "200"));
            headers.add(new HeaderField("content-type", kind < 50 ? "application/json" : "text/html; charset=utf-8"));
            headers.add(new HeaderField("cache-control", "max-age=" + random.nextInt(3600)));
            headers.add(new HeaderField("etag", "\"" + Long.toHexString(random.nextLong()) + "\""));
            if (kind >= 8 && kind < 15) {
                server.sendHeaders(stream, headers, true);
                return;
            }
            server.sendHeaders(stream, headers, false);
            int size = kind < 70 ? 100 + random.nextInt(900) : kind < 95 ? 1_000 + random.nextInt(15_000)
                    : 16_000 + random.nextInt(100_000);
            server.sendData(stream, ByteBuffer.wrap(body(size)), true);
        }

        void request() {
            List<HeaderField> headers = new ArrayList<>();
            boolean post = random.nextInt(10) == 0;
            headers.add(new HeaderField(":method", post ? "POST" : "GET"));
            headers.add(new HeaderField(":scheme", "https"));
            headers.add(new HeaderField(":authority", "shop.example.com"));
            headers.add(new HeaderField(":path", PATHS[random.nextInt(PATHS.length)].replace("%d",
                    Integer.toString(random.nextInt(5_000)))));
            headers.add(new HeaderField("user-agent", AGENTS[random.nextInt(AGENTS.length)]));
            headers.add(new HeaderField("accept", "*/*"));
            headers.add(new HeaderField("cookie", "session=" + Long.toHexString(random.nextLong())));
            int stream = client.openStream(headers, !post);
            if (post) {
                client.sendData(stream, ByteBuffer.wrap(body(200 + random.nextInt(4_000))), true);
            }
            if (random.nextInt(50) == 0) {
                client.ping(random.nextLong());
            }
            if (random.nextInt(200) == 0) {
                server.updateSettings(server.localSettingsAnnounced().toBuilder().initialWindowSize(32_768 + random.nextInt(200_000))
                        .maxConcurrentStreams(100 + random.nextInt(100)).build());
            }
        }

        boolean finished() {
            return done >= requests;
        }
    }

    private byte[] body(int size) {
        byte[] body = new byte[size];
        for (int i = 0; i < size; i++) {
            body[i] = (byte) ('a' + (i * 7 + size) % 26); // text-like, not all zeros
        }
        return body;
    }

    private void run(long target) {
        int live = 64;
        long nextId = 1;
        List<Pair> pairs = new ArrayList<>();
        while (frames < target) {
            while (pairs.size() < live) {
                pairs.add(new Pair(nextId));
                nextId += 2;
            }
            for (int i = 0; i < pairs.size() && frames < target; i++) {
                Pair p = pairs.get(i);
                int burst = 1 + random.nextInt(4); // a few streams at once: their frames interleave
                for (int b = 0; b < burst; b++) {
                    p.request();
                }
                pump(p);
                if (p.finished() || frames >= target) {
                    p.client.goAway(io.h2scope.engine.error.ErrorCode.NO_ERROR, "");
                    pump(p);
                    p.client.transportClosed(now);
                    p.server.transportClosed(now);
                    pairs.remove(i--);
                }
            }
        }
    }

    private void pump(Pair p) {
        while (p.client.hasOutput() || p.server.hasOutput()) {
            move(p.client, p.server);
            move(p.server, p.client);
        }
    }

    private void move(Http2Connection from, Http2Connection to) {
        wire.clear();
        from.drainOutput(wire);
        wire.flip();
        if (wire.hasRemaining()) {
            now += 20_000 + random.nextInt(200_000);
            to.receive(wire, now);
        }
    }
}
