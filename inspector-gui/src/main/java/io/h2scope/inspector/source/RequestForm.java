package io.h2scope.inspector.source;

import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.HeaderLines;
import io.h2scope.engine.hpack.HeaderField;

import java.net.URI;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * What the client panel asks for, as typed: URL, method, header lines ("name: value", one a line), body text, and how
 * HTTP/2 is reached. {@link #toRequest()} checks it and says in one line what is wrong.
 */
public record RequestForm(String url, String method, String headerLines, String body, Transport transport,
        boolean insecure) {

    /** How the client reaches HTTP/2 (RFC 9113 §3). */
    public enum Transport {
        H2C("h2c (prior knowledge)", "http"),
        H2C_UPGRADE("h2c upgrade (HTTP/1.1 Upgrade)", "http"),
        TLS("TLS (ALPN h2)", "https");

        private final String label;
        private final String scheme;

        Transport(String label, String scheme) {
            this.label = label;
            this.scheme = scheme;
        }

        public String scheme() {
            return scheme;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public RequestForm {
        Objects.requireNonNull(transport, "transport");
        url = url == null ? "" : url.strip();
        method = method == null || method.isBlank() ? "GET" : method.strip().toUpperCase(Locale.ROOT);
        headerLines = headerLines == null ? "" : headerLines;
        body = body == null ? "" : body;
    }

    /**
     * The engine's request.
     *
     * @throws IllegalArgumentException with a line saying what is wrong and what to do
     */
    public H2Request toRequest() {
        URI uri;
        try {
            uri = new URI(url);
        } catch (Exception e) {
            throw new IllegalArgumentException("not a URL: " + url + "; give one such as http://127.0.0.1:8080/path");
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("not a URL: '" + url + "'; give one such as http://127.0.0.1:8080/path");
        }
        if (!uri.getScheme().equalsIgnoreCase(transport.scheme())) {
            throw new IllegalArgumentException(transport + " needs an " + transport.scheme() + ":// URL, got " + url
                    + (transport == Transport.TLS ? " (RFC 9113 §3.2: https negotiates h2 by ALPN)"
                            : " (RFC 9113 §3.3: h2c is for http:// URLs; pick TLS for https://)"));
        }
        H2Request.Builder b = H2Request.newBuilder(uri);
        for (HeaderField field : HeaderLines.parseLines(headerLines)) {
            b.header(field.name(), field.value());
        }
        b.method(method, body.isEmpty() ? null : BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        return b.timeout(Duration.ofSeconds(60)).build();
    }
}
