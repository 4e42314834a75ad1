package io.h2scope.engine.client;

import io.h2scope.engine.hpack.HeaderField;

import java.net.URI;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One HTTP request for {@link H2Client}. The body is a JDK {@link BodyPublisher} (any of
 * {@link BodyPublishers}), consumed with back-pressure: the publisher is asked for more only while the
 * stream's queue is short, so a large or endless body streams through HTTP/2 flow control.
 */
public final class H2Request {

    /** RFC 9110 §9.2.2: methods whose repetition has the same effect, retried after GOAWAY. */
    private static final Set<String> IDEMPOTENT = Set.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE");

    private final URI uri;
    private final String method;
    private final List<HeaderField> headers;
    private final BodyPublisher body;
    private final List<HeaderField> trailers;
    private final Duration timeout;
    private final Duration headersTimeout;
    /** The header section of a request without a body, made once: a request sent again reuses it. */
    private volatile List<HeaderField> bodilessSection;
    /** The connection pool's key for this request's authority, made once. */
    private volatile String poolKey;
    /**
     * The {@code java.net.http} request this one was made from, by {@link H2HttpClient} (its responses answer
     * {@code request()} with it), before the request is sent; else null.
     */
    private java.net.http.HttpRequest source;

    private H2Request(Builder b) {
        this.uri = b.uri;
        this.method = b.method;
        this.headers = List.copyOf(b.headers);
        this.body = b.body;
        this.trailers = List.copyOf(b.trailers);
        this.timeout = b.timeout;
        this.headersTimeout = b.headersTimeout;
    }

    public static Builder newBuilder(URI uri) {
        return new Builder(uri);
    }

    public static Builder newBuilder(String uri) {
        return new Builder(URI.create(uri));
    }

    public URI uri() {
        return uri;
    }

    java.net.http.HttpRequest source() {
        return source;
    }

    /** {@link H2HttpClient}'s conversion, before the request is sent. */
    H2Request from(java.net.http.HttpRequest source) {
        this.source = source;
        return this;
    }

    public String method() {
        return method;
    }

    /** Regular header fields, names lower-case (RFC 9113 §8.2.1). */
    public List<HeaderField> headers() {
        return headers;
    }

    /** The body, or empty for none. */
    public Optional<BodyPublisher> body() {
        return Optional.ofNullable(body);
    }

    /** Trailer fields sent after the body (RFC 9113 §8.1); empty for none. */
    public List<HeaderField> trailers() {
        return trailers;
    }

    /** Whole-exchange timeout of this request; empty: the client's default. */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    /** Response-headers timeout of this request; empty: the client's default. */
    public Optional<Duration> headersTimeout() {
        return Optional.ofNullable(headersTimeout);
    }

    public boolean idempotent() {
        return IDEMPOTENT.contains(method);
    }

    /** "host:port" with the scheme's default port filled in. */
    public String authority() {
        return uri.getHost() + ":" + port();
    }

    public int port() {
        return uri.getPort() > 0 ? uri.getPort() : isTls() ? 443 : 80;
    }

    public boolean isTls() {
        return "https".equalsIgnoreCase(uri.getScheme());
    }

    /** "scheme://host:port", host lower-case: requests with the same key share connections. */
    String poolKey() {
        String key = poolKey;
        if (key == null) {
            key = (isTls() ? "https://" : "http://") + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port();
            poolKey = key;
        }
        return key;
    }

    /** The request header section: pseudo-header fields first (RFC 9113 §8.3.1), then the regular fields. */
    List<HeaderField> headerSection(long contentLength) {
        if (body != null) {
            return newHeaderSection(contentLength);
        }
        List<HeaderField> section = bodilessSection;
        if (section == null) {
            section = List.copyOf(newHeaderSection(contentLength));
            bodilessSection = section;
        }
        return section;
    }

    private List<HeaderField> newHeaderSection(long contentLength) {
        List<HeaderField> fields = new ArrayList<>(headers.size() + 5);
        fields.add(new HeaderField(":method", method));
        fields.add(new HeaderField(":scheme", uri.getScheme().toLowerCase(Locale.ROOT)));
        // RFC9113 §8.3.1: ":authority ... Clients that generate HTTP/2 requests directly MUST use the :authority pseudo-header field"
        fields.add(new HeaderField(":authority", uri.getPort() > 0 ? uri.getHost() + ":" + uri.getPort() : uri.getHost()));
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        // RFC9113 §8.3.1: ":path ... MUST NOT be empty for "http" or "https" URIs"
        fields.add(new HeaderField(":path", uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery()));
        fields.addAll(headers);
        if (contentLength >= 0 && headers.stream().noneMatch(f -> f.name().equals("content-length"))
                && (contentLength > 0 || !method.equals("GET") && !method.equals("HEAD"))) {
            fields.add(new HeaderField("content-length", Long.toString(contentLength)));
        }
        return fields;
    }

    @Override
    public String toString() {
        return method + " " + uri;
    }

    /** Builds an {@link H2Request}; GET without a body by default. */
    public static final class Builder {
        private static final Set<String> CONNECTION_SPECIFIC = Set.of("connection", "keep-alive", "proxy-connection",
                "transfer-encoding", "upgrade", "host");

        private URI uri;
        private String method = "GET";
        private final List<HeaderField> headers = new ArrayList<>();
        private BodyPublisher body;
        private final List<HeaderField> trailers = new ArrayList<>();
        private Duration timeout;
        private Duration headersTimeout;

        private Builder(URI uri) {
            uri(uri);
        }

        public Builder uri(URI v) {
            Objects.requireNonNull(v, "uri");
            String scheme = v.getScheme() == null ? "" : v.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || v.getHost() == null) {
                throw new IllegalArgumentException("not an http:// or https:// URL with a host: " + v);
            }
            this.uri = v;
            return this;
        }

        /** Adds a header field; the name is lower-cased (RFC 9113 §8.2.1). Connection-specific fields are refused. */
        public Builder header(String name, String value) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (CONNECTION_SPECIFIC.contains(lower) || lower.startsWith(":")) {
                // RFC9113 §8.2.2: "An endpoint MUST NOT generate an HTTP/2 message containing connection-specific header fields"
                throw new IllegalArgumentException("header '" + name + "' is not allowed in HTTP/2 (RFC 9113 §8.2.2)");
            }
            headers.add(new HeaderField(lower, value));
            return this;
        }

        public Builder method(String v, BodyPublisher bodyOrNull) {
            this.method = Objects.requireNonNull(v, "method").toUpperCase(Locale.ROOT);
            this.body = bodyOrNull;
            return this;
        }

        public Builder GET() {
            return method("GET", null);
        }

        public Builder POST(BodyPublisher v) {
            return method("POST", Objects.requireNonNull(v, "body"));
        }

        public Builder PUT(BodyPublisher v) {
            return method("PUT", Objects.requireNonNull(v, "body"));
        }

        public Builder DELETE() {
            return method("DELETE", null);
        }

        /** A trailer field sent after the body; the name is lower-cased. */
        public Builder trailer(String name, String value) {
            trailers.add(new HeaderField(name.toLowerCase(Locale.ROOT), value));
            return this;
        }

        /** Whole-exchange timeout for this request (finite, positive). */
        public Builder timeout(Duration v) {
            ClientConfig.requirePositive(v, "timeout");
            this.timeout = v;
            return this;
        }

        /** Response-headers timeout for this request (finite, positive). */
        public Builder headersTimeout(Duration v) {
            ClientConfig.requirePositive(v, "headersTimeout");
            this.headersTimeout = v;
            return this;
        }

        public H2Request build() {
            return new H2Request(this);
        }
    }
}
