package io.h2scope.engine.client;

import io.h2scope.engine.hpack.HeaderField;

import java.net.URI;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The HTTP/1.1 request that opens an h2c connection by {@code Upgrade: h2c} (RFC 7540 §3.2), and the
 * request that becomes stream 1 once the server answers 101.
 *
 * <p><b>Which request carries the upgrade.</b> A request without a body is sent as the upgrade request
 * itself, as curl does: no extra round trip. A request with a body (or trailers) is not: the connection
 * is upgraded with {@code OPTIONS *} first and the request goes on stream 3 over HTTP/2. Why:
 * <ul>
 *   <li>RFC 7540 §3.2: "Requests that contain a payload body MUST be sent in their entirety before the
 *       client can send HTTP/2 frames", and suggests OPTIONS when that matters. Our bodies are streamed
 *       publishers, often of unknown length, which HTTP/1.1 would have to chunk, and servers refuse
 *       chunked upgrade bodies (ours answers 411, and caps upgrade bodies at 64 KiB with 413).</li>
 *   <li>A server that ignores the upgrade answers over HTTP/1.1 having run the request: for a POST we
 *       would then report an error for a request that did take effect. OPTIONS is safe (RFC 9110 §9.3.7).</li>
 *   <li>The body then travels in DATA frames, flow-controlled and visible in the frame trace.</li>
 * </ul>
 * The OPTIONS response on stream 1 is read and discarded; it holds a stream slot until it ends.
 */
final class H2cUpgradeRequest {

    private final RequestTask<?> task;
    private final boolean probe;
    private final List<HeaderField> fields;
    private final String settingsHeader;
    private final AtomicBoolean sent = new AtomicBoolean();
    private final AtomicBoolean claimed = new AtomicBoolean();

    private H2cUpgradeRequest(RequestTask<?> task, boolean probe, List<HeaderField> fields, String settingsHeader) {
        this.task = task;
        this.probe = probe;
        this.fields = fields;
        this.settingsHeader = settingsHeader;
    }

    /** Whether {@code request} can itself be the upgrade request: no body, no trailers. */
    static boolean canCarry(H2Request request) {
        BodyPublisher body = request.body().orElse(null);
        return (body == null || body.contentLength() == 0) && request.trailers().isEmpty()
                && request.headerSection(0).stream().allMatch(f -> printable(f.value()));
    }

    /** {@code task}'s own request as the upgrade request (it must pass {@link #canCarry}). */
    static H2cUpgradeRequest carrying(RequestTask<?> task, String settingsHeader) {
        long length = task.request.body().isPresent() ? 0 : -1;
        return new H2cUpgradeRequest(task, false, task.request.headerSection(length), settingsHeader);
    }

    /** The OPTIONS request of a {@link #probe} to {@code host}:{@code port}. */
    static H2Request optionsRequest(String host, int port) {
        return H2Request.newBuilder(URI.create("http://" + authority(host, port) + "/")).method("OPTIONS", null).build();
    }

    /**
     * {@code OPTIONS *} to upgrade with, when the first request has a body; its response is discarded. {@code task}
     * carries {@link #optionsRequest} (made by the route, which times it like any request).
     */
    static H2cUpgradeRequest probe(RequestTask<Void> task, String settingsHeader) {
        String authority = authority(task.request.uri().getHost(), task.request.port());
        List<HeaderField> fields = List.of(new HeaderField(":method", "OPTIONS"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", authority), new HeaderField(":path", "*"));
        return new H2cUpgradeRequest(task, true, fields, settingsHeader);
    }

    private static String authority(String host, int port) {
        return (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

    RequestTask<?> task() {
        return task;
    }

    /** The OPTIONS request of the upgrade, not one of the user's. */
    boolean isProbe() {
        return probe;
    }

    /** Stream 1's request, as a header section (for the core's HEAD rule and the trace). */
    List<HeaderField> fields() {
        return fields;
    }

    String settingsHeader() {
        return settingsHeader;
    }

    /** The bytes went out: the server may have acted on the request, so it is never sent again by itself. */
    void markSent() {
        sent.set(true);
    }

    boolean wasSent() {
        return sent.get();
    }

    /**
     * Takes charge of the task, once: the connection after the 101 (stream 1), or the route when the
     * connection failed before it. Whoever loses the race leaves the task alone.
     */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }

    /**
     * The HTTP/1.1 request: request line, {@code Host}, the request's fields, and the three fields of the
     * upgrade (RFC 7540 §3.2, §3.2.1).
     */
    ByteBuffer http1Bytes() {
        StringBuilder b = new StringBuilder(256);
        String authority = "";
        String method = "GET";
        String path = "/";
        List<HeaderField> regular = new ArrayList<>();
        for (HeaderField f : fields) {
            switch (f.name()) {
                case ":method" -> method = f.value();
                case ":path" -> path = f.value();
                case ":authority" -> authority = f.value();
                case ":scheme" -> { }
                default -> regular.add(f);
            }
        }
        b.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        b.append("Host: ").append(authority).append("\r\n");
        for (HeaderField f : regular) {
            b.append(f.name()).append(": ").append(f.value()).append("\r\n");
        }
        // RFC7540 §3.2.1: "a client sending the HTTP2-Settings header field MUST also send HTTP2-Settings as a connection option"
        b.append("Connection: Upgrade, HTTP2-Settings\r\n");
        b.append("Upgrade: h2c\r\n");
        b.append("HTTP2-Settings: ").append(settingsHeader).append("\r\n\r\n");
        return ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** HTTP/1.1 has no room for CR, LF or NUL in a field value, nor for characters outside Latin-1. */
    private static boolean printable(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || c == 0 || c > 0xff) {
                return false;
            }
        }
        return true;
    }
}
