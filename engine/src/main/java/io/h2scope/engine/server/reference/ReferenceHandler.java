package io.h2scope.engine.server.reference;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.RequestHead;
import io.h2scope.engine.server.H2Handler;
import io.h2scope.engine.server.ServerExchange;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The reference server's routes (the embedded conformance target, the inspector's demo, the
 * benchmark subject):
 * <ul>
 *   <li>{@code /}: a small fixed text body ({@link #ROOT_BODY})</li>
 *   <li>{@code /echo}: the request body and content-type, back (at most {@link #MAX_ECHO_BYTES}; more gets 413)</li>
 *   <li>{@code /bytes/N}: N bytes of {@link #patternByte} (N at most {@link #MAX_GENERATED_BYTES})</li>
 *   <li>{@code /slow?ms=M}: answers after M ms (default 1000, at most {@link #MAX_SLOW_MILLIS})</li>
 *   <li>{@code /headers}: the request head as JSON</li>
 *   <li>{@code /push}: an HTML page, pushing {@code /pushed.css} first when the client allows push</li>
 *   <li>anything else: 404</li>
 * </ul>
 * A HEAD request gets the same headers and no body.
 */
public final class ReferenceHandler implements H2Handler {

    public static final String ROOT_BODY = "Hello from h2scope\n";
    /** Largest request body {@code /echo} sends back. */
    public static final int MAX_ECHO_BYTES = 16 * 1024 * 1024;
    /** Largest N of {@code /bytes/N}. */
    public static final long MAX_GENERATED_BYTES = 256L * 1024 * 1024;
    /** Longest delay of {@code /slow}. */
    public static final long MAX_SLOW_MILLIS = 60_000;
    public static final String PUSHED_CSS = "body { font-family: sans-serif; }\n";

    /** Generated bodies are written 32 KiB at a time: more than one frame, so the core does the framing. */
    private static final int CHUNK = 32 * 1024;
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "h2scope-reference-slow");
        t.setDaemon(true);
        return t;
    });

    /** Byte {@code i} of every {@code /bytes/N} body: 0..250 repeating (251 is prime, so chunk seams show). */
    public static byte patternByte(long i) {
        return (byte) (i % 251);
    }

    /** Every route answers from memory or only registers a callback, except {@code /bytes/N}, which computes its body. */
    @Override
    public boolean isNonBlocking(RequestHead request) {
        String path = request.path();
        return path == null || !path.startsWith("/bytes/");
    }

    @Override
    public void handle(ServerExchange ex) {
        RequestHead req = ex.request();
        String path = req.path() == null ? "" : req.path();
        int q = path.indexOf('?');
        String route = q < 0 ? path : path.substring(0, q);
        String query = q < 0 ? "" : path.substring(q + 1);
        if (route.equals("/")) {
            text(ex, 200, ROOT_BODY);
        } else if (route.equals("/echo")) {
            echo(ex);
        } else if (route.startsWith("/bytes/")) {
            bytes(ex, route.substring("/bytes/".length()));
        } else if (route.equals("/slow")) {
            slow(ex, query);
        } else if (route.equals("/headers")) {
            send(ex, 200, "application/json", RequestJson.of(req).getBytes(StandardCharsets.UTF_8));
        } else if (route.equals("/push")) {
            push(ex);
        } else if (route.equals("/pushed.css")) {
            send(ex, 200, "text/css", PUSHED_CSS.getBytes(StandardCharsets.UTF_8));
        } else {
            text(ex, 404, "not found: " + route + "\n");
        }
    }

    private static void echo(ServerExchange ex) {
        String type = ex.request().header("content-type");
        ex.readBody(MAX_ECHO_BYTES).whenComplete((body, error) -> {
            if (error != null) {
                text(ex, 413, "/echo takes at most " + MAX_ECHO_BYTES + " bytes\n");
                return;
            }
            send(ex, 200, type == null ? "application/octet-stream" : type, body);
        });
    }

    private static void bytes(ServerExchange ex, String count) {
        long n;
        try {
            n = Long.parseLong(count);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 0 || n > MAX_GENERATED_BYTES) {
            text(ex, 400, "/bytes/N takes N in 0.." + MAX_GENERATED_BYTES + "\n");
            return;
        }
        List<HeaderField> headers = List.of(new HeaderField("content-type", "application/octet-stream"),
                new HeaderField("content-length", Long.toString(n)));
        if (ex.request().isHead() || n == 0) {
            ex.respond(200, headers, ByteBuffer.allocate(0));
            return;
        }
        ex.respond(200, headers);
        writePattern(ex, 0, n);
    }

    /** Writes the pattern from {@code from} on, one chunk per completed write (back-pressure). */
    private static void writePattern(ServerExchange ex, long from, long total) {
        long at = from;
        while (at < total) {
            int size = (int) Math.min(CHUNK, total - at);
            byte[] chunk = new byte[size];
            for (int i = 0; i < size; i++) {
                chunk[i] = patternByte(at + i);
            }
            at += size;
            CompletionStage<Void> written = ex.write(ByteBuffer.wrap(chunk));
            CompletableFuture<Void> f = written.toCompletableFuture();
            if (!f.isDone() || f.isCompletedExceptionally()) {
                long next = at;
                written.whenComplete((ok, error) -> {
                    if (error == null) {
                        writePattern(ex, next, total);
                    }
                });
                return;
            }
        }
        ex.end();
    }

    private static void slow(ServerExchange ex, String query) {
        long ms = 1000;
        for (String part : query.split("&")) {
            if (part.startsWith("ms=")) {
                try {
                    ms = Long.parseLong(part.substring(3));
                } catch (NumberFormatException e) {
                    ms = -1;
                }
            }
        }
        if (ms < 0 || ms > MAX_SLOW_MILLIS) {
            text(ex, 400, "/slow?ms=M takes M in 0.." + MAX_SLOW_MILLIS + "\n");
            return;
        }
        long delay = ms;
        TIMER.schedule(() -> text(ex, 200, "slept " + delay + " ms\n"), delay, TimeUnit.MILLISECONDS);
    }

    private static void push(ServerExchange ex) {
        if (ex.pushAllowed()) {
            ServerExchange css = ex.push("/pushed.css", List.of());
            send(css, 200, "text/css", PUSHED_CSS.getBytes(StandardCharsets.UTF_8));
        }
        send(ex, 200, "text/html; charset=utf-8", ("<!doctype html><link rel=stylesheet href=/pushed.css>"
                + "<p>pushed: " + ex.pushAllowed() + "</p>\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void text(ServerExchange ex, int status, String body) {
        send(ex, status, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(ServerExchange ex, int status, String type, byte[] body) {
        List<HeaderField> headers = List.of(new HeaderField("content-type", type),
                new HeaderField("content-length", Integer.toString(body.length)));
        ex.respond(status, headers, ByteBuffer.wrap(ex.request().isHead() ? new byte[0] : body));
    }
}
