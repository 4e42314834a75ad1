package io.h2scope.engine.observer;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.http1.Http1Header;
import io.h2scope.engine.http1.Http1ParseException;
import io.h2scope.engine.http1.Http1Request;
import io.h2scope.engine.http1.Http1RequestParser;
import io.h2scope.engine.http1.Http1ResponseHead;
import io.h2scope.engine.http1.Http1ResponseParser;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The HTTP/1.1 start of a connection that asks for {@code Upgrade: h2c} (RFC 7540 §3.2), seen from both byte
 * streams: the client's request head (and its body, by Content-Length), the server's answer (1xx interim heads
 * skipped), and whether HTTP/2 follows. Bounded by the engine's head limits; pure parsing, no I/O.
 *
 * <p>HTTP/2 follows once either side shows it: the server's {@code 101} with {@code Upgrade: h2c}, or the client's
 * connection preface after its request (a client sends it only after reading the 101, §3.5). Any other answer, or
 * a request that does not ask to upgrade, leaves the connection in HTTP/1.1, which the observer does not decode.
 */
final class UpgradePrelude {

    /** What the prelude tells the observer, in the order the bytes show it. */
    interface Listener {

        /** A complete HTTP/1.1 head crossed ({@code fromClient}: the request), as text, one field a line. */
        void head(boolean fromClient, String text);

        /** HTTP/2 follows: {@code settingsPayload} is the HTTP2-Settings value decoded, or null if there was none valid. */
        void upgraded(byte[] settingsPayload);

        /** Either side broke a rule of the upgrade. */
        void broken(Violation violation);
    }

    /** Where one direction's bytes go after the prelude has read what it could. */
    enum Next {
        /** More HTTP/1.1 octets are needed. */
        MORE,
        /** HTTP/2 follows (from the client: its preface is expected next). */
        HTTP2,
        /** The rest is HTTP/1.1 or cannot be parsed: skip it. */
        OPAQUE
    }

    /** "HTTP/": the first octets of a response, never the start of a server preface (RFC 9113 §3.4: a SETTINGS frame). */
    static final int RESPONSE_PREFIX = Http1ResponseParser.PREFIX_LENGTH;

    private final Listener listener;
    private final int maxRequestHead = Http1RequestParser.DEFAULT_MAX_HEAD_BYTES;
    private Http1RequestParser requestParser;
    private Http1Request request;
    private byte[] settingsPayload;
    private long bodyLeft;
    private Http1ResponseParser responseParser;
    private boolean requestBroken;
    private boolean switched;
    private boolean announced;
    private String stayed;

    UpgradePrelude(Listener listener) {
        this.listener = listener;
    }

    /** Whether the client began with an HTTP/1.1 request (its head may still be coming). */
    boolean clientBegan() {
        return requestParser != null || request != null || requestBroken;
    }

    /** Why the connection stayed HTTP/1.1, if it did. */
    Optional<String> stayedHttp1() {
        return Optional.ofNullable(stayed);
    }

    // ---------------------------------------------------------------- the client's request

    /** The client's request begins with {@code seen} (octets already taken from its stream). */
    void beginRequest(byte[] seen) {
        requestParser = new Http1RequestParser(maxRequestHead);
        Next next = request(ByteBuffer.wrap(seen));
        assert next == Next.MORE : "a request head ends with an empty line, never within the preface's octets";
    }

    /** Reads the client's head, then its body; {@link Next#HTTP2}: both are in, the preface is expected next. */
    Next request(ByteBuffer in) {
        if (request == null) {
            Optional<Http1Request> head;
            try {
                head = requestParser.feed(in);
            } catch (Http1ParseException e) {
                requestParser = null;
                requestBroken = true;
                return broke(e.status() == 431 ? "the client's HTTP/1.1 request head is larger than " + maxRequestHead
                        + " octets (the engine's limit, Http1Limits.maxHeaderBytes)" : "the client's HTTP/1.1 request "
                        + "head is malformed (" + e.getMessage() + ")");
            }
            if (head.isEmpty()) {
                return Next.MORE;
            }
            requestParser = null;
            request = head.get();
            listener.head(true, request.text());
            String refusal = notAnUpgrade(request);
            if (refusal != null) {
                stay(refusal);
                return Next.OPAQUE;
            }
            bodyLeft = contentLength(request);
            if (bodyLeft < 0) {
                return broke("the client's Upgrade: h2c request has no valid Content-Length " + request.values(
                        "Content-Length") + " (RFC 7540 §3.2: a request body must be sent whole before HTTP/2)");
            }
        }
        int skip = (int) Math.min(bodyLeft, in.remaining());
        in.position(in.position() + skip);
        bodyLeft -= skip;
        if (bodyLeft > 0) {
            return Next.MORE;
        }
        if (switched) {
            announce();
        }
        return Next.HTTP2;
    }

    /** The client sent its preface after the request: it read a 101, so HTTP/2 follows. */
    void prefaceAfterRequest() {
        switched = true;
        announce();
    }

    /** The client went on after its request with octets that are not the preface: HTTP/1.1 goes on. */
    void clientStayed() {
        stay("the client went on in HTTP/1.1 after its Upgrade: h2c request (no connection preface followed it)");
    }

    /** The server's first octets are frames, though the client began with an HTTP/1.1 request: it did not switch. */
    void framesInsteadOfAnswer() {
        stay("the server answered the HTTP/1.1 request with HTTP/2 frames at once, not 101 Switching Protocols (it"
                + " speaks h2c by prior knowledge only)");
    }

    /** Why {@code r} does not ask to upgrade to h2c, or null if it does (RFC 7540 §3.2, §3.2.1). */
    private String notAnUpgrade(Http1Request r) {
        if (!r.hasToken("Upgrade", "h2c")) {
            return "the client's HTTP/1.1 request (" + r.method() + " " + r.target() + ") does not ask for Upgrade: h2c";
        }
        if (!"HTTP/1.1".equals(r.version())) {
            return "the client asked for Upgrade: h2c in " + r.version() + " (an upgrade needs HTTP/1.1)";
        }
        List<String> values = r.values("HTTP2-Settings");
        if (values.size() == 1) {
            try {
                // RFC7540 §3.2.1: "a base64url string ... with any trailing '=' characters omitted"
                settingsPayload = Base64.getUrlDecoder().decode(values.get(0).strip());
            } catch (IllegalArgumentException e) {
                settingsPayload = null;
            }
        }
        return null; // a server may still upgrade; if it does without a valid HTTP2-Settings, that is its break
    }

    private static long contentLength(Http1Request r) {
        List<String> values = r.values("Content-Length");
        if (values.isEmpty()) {
            return 0;
        }
        String first = values.get(0).strip();
        for (String v : values) {
            if (!v.strip().equals(first) || !first.matches("[0-9]{1,18}")) {
                return -1;
            }
        }
        return Long.parseLong(first);
    }

    // ---------------------------------------------------------------- the server's answer

    /** The server's stream begins with "HTTP/" ({@code prefix}): an HTTP/1.x answer. */
    Next beginResponse(byte[] prefix) {
        responseParser = new Http1ResponseParser(Http1ResponseParser.DEFAULT_MAX_HEAD_BYTES);
        return response(ByteBuffer.wrap(prefix));
    }

    /** Reads the server's heads; {@link Next#HTTP2}: a 101 to h2c ended, frames follow in {@code in}. */
    Next response(ByteBuffer in) {
        while (in.hasRemaining()) {
            Optional<Http1ResponseHead> parsed;
            try {
                parsed = responseParser.feed(in);
            } catch (Http1ParseException e) {
                return broke(e.status() == 431 ? "the server's HTTP/1.1 response head is larger than "
                        + Http1ResponseParser.DEFAULT_MAX_HEAD_BYTES + " octets (the engine's limit)"
                        : "the server's answer is not a valid HTTP/1.1 response (" + e.getMessage() + ")");
            }
            if (parsed.isEmpty()) {
                return Next.MORE;
            }
            Http1ResponseHead head = parsed.get();
            listener.head(false, head.text());
            if (head.status() == 101 && head.hasToken("Upgrade", "h2c")) {
                // RFC7540 §3.2: "the server ... responds with a 101 (Switching Protocols) response ... HTTP/2 frames follow"
                switched = true;
                if (request != null && bodyLeft == 0) {
                    announce();
                }
                return Next.HTTP2;
            }
            if (head.status() == 101) {
                stay("the server switched to another protocol than h2c: " + head.statusLine() + ", Upgrade: "
                        + head.headers().stream().filter(h -> h.name().equalsIgnoreCase("Upgrade"))
                                .map(Http1Header::value).findFirst().orElse("(none)"));
                return Next.OPAQUE;
            }
            if (head.status() >= 200) {
                stay("the server answered \"" + head.statusLine() + "\": it does not upgrade"
                        + " to h2c (RFC 7540 §3.2 lets it ignore the Upgrade)");
                return Next.OPAQUE;
            }
            // RFC9110 §15.2: 1xx interim responses come before the final one (100 Continue for an upgrade body)
        }
        return Next.MORE;
    }

    // ---------------------------------------------------------------- outcome

    /** Tells the observer once that HTTP/2 follows, when the request is whole and either side showed the switch. */
    private void announce() {
        if (announced || stayed != null || request == null) {
            return;
        }
        announced = true;
        if (settingsPayload == null) {
            // RFC7540 §3.2.1: "A server MUST NOT upgrade the connection to HTTP/2 if this header field is not present or if more than one is present"
            listener.broken(Violation.of(StartRule.UPGRADE_SETTINGS_MISSING,
                    "the connection switched to h2c, but the request had " + request.values("HTTP2-Settings").size()
                            + " HTTP2-Settings header(s) and exactly one valid base64url value is needed"));
        }
        listener.upgraded(settingsPayload);
    }

    private void stay(String why) {
        if (stayed == null && !announced) {
            stayed = why;
        }
    }

    private Next broke(String detail) {
        listener.broken(Violation.of(StartRule.UPGRADE_HEAD_MALFORMED, detail + "; the rest of this direction is not decoded"));
        return Next.OPAQUE;
    }
}
