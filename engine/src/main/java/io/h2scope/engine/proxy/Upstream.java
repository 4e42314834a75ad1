package io.h2scope.engine.proxy;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;

/**
 * Where a proxied connection goes: a host, a port, and whether HTTP/2 is reached over TLS (ALPN h2) or in
 * cleartext with prior knowledge (h2c).
 */
public record Upstream(String host, int port, boolean tls) {

    public Upstream {
        Objects.requireNonNull(host, "host");
        if (host.isBlank()) {
            throw new IllegalArgumentException("the upstream host is empty");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("the upstream port " + port + " is not between 1 and 65535");
        }
    }

    /**
     * Reads {@code http://host:port/} (h2c with prior knowledge) or {@code https://host:port/} (TLS, ALPN h2);
     * the port defaults to 80 and 443. A path other than "/" is refused: the proxy relays whole connections.
     */
    public static Upstream parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'" + url + "' is not a URL (" + e.getReason()
                    + "); expected http://HOST:PORT/ or https://HOST:PORT/");
        }
        String scheme = uri.getScheme();
        if (scheme == null) { // said "has scheme 'null'"
            throw new IllegalArgumentException("'" + url + "' is not a URL (no scheme); expected http://HOST:PORT/ (h2c) "
                    + "or https://HOST:PORT/ (TLS)");
        }
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
            throw new IllegalArgumentException("'" + url + "' has scheme '" + scheme
                    + "'; expected http://HOST:PORT/ (h2c) or https://HOST:PORT/ (TLS)");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("'" + url + "' names no host; expected http://HOST:PORT/ or https://HOST:PORT/");
        }
        String path = uri.getRawPath();
        if (path != null && !path.isEmpty() && !path.equals("/") || uri.getRawQuery() != null) {
            throw new IllegalArgumentException("'" + url + "' has a path or query; the proxy relays whole connections,"
                    + " so give the upstream as http://HOST:PORT/ or https://HOST:PORT/");
        }
        boolean tls = "https".equalsIgnoreCase(scheme);
        String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1) : uri.getHost();
        return new Upstream(host, uri.getPort() < 0 ? (tls ? 443 : 80) : uri.getPort(), tls);
    }

    /** host:port, with an IPv6 literal in brackets. */
    public String authority() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return (tls ? "https://" : "http://") + authority() + "/";
    }
}
