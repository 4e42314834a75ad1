package io.h2scope.conformance.targets;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * An HTTP/2 server under test and how to reach it.
 *
 * @param name a label for reports (defaults to {@code host:port})
 * @param host host name or address to connect to
 * @param port TCP port
 * @param tls  true: TLS with ALPN "h2"; false: cleartext h2c with prior knowledge (RFC 9113 §3.3)
 * @param path the path requested by cases that need a real response (a resource that exists)
 * @param largePath a path whose response body is larger than 16,384 octets (more than one DATA frame of the default
 *             SETTINGS_MAX_FRAME_SIZE), for the cases that check how a body is framed; the path itself when unknown
 */
public record Target(String name, String host, int port, boolean tls, String path, String largePath) implements RunSubject {

    public Target {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(path, "path");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535, got " + port);
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/', got " + path);
        }
        if (largePath == null) {
            largePath = path;
        } else if (!largePath.startsWith("/")) {
            throw new IllegalArgumentException("large path must start with '/', got " + largePath);
        }
        if (name == null || name.isBlank()) {
            name = host + ":" + port;
        }
    }

    /** A target whose large-body path is not known. */
    public Target(String name, String host, int port, boolean tls, String path) {
        this(name, host, port, tls, path, null);
    }

    /**
     * {@code http://host:port/path} is h2c by prior knowledge, {@code https://host:port/path} is TLS
     * with ALPN h2. The port defaults to 80 or 443, the path to "/".
     *
     * @throws IllegalArgumentException for another scheme, a missing host or a malformed URL
     */
    public static Target parse(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: " + url, e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean tls = switch (scheme) {
            case "http" -> false;
            case "https" -> true;
            default -> throw new IllegalArgumentException("URL must start with http:// (h2c) or https:// (h2), got " + url);
        };
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("URL has no host: " + url);
        }
        int port = uri.getPort() != -1 ? uri.getPort() : (tls ? 443 : 80);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            path += "?" + uri.getRawQuery();
        }
        return new Target(null, uri.getHost(), port, tls, path);
    }

    /** The value of the :authority pseudo-header for requests to this target. */
    public String authority() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** The :scheme pseudo-header value. */
    public String scheme() {
        return tls ? "https" : "http";
    }

    @Override
    public String url() {
        return scheme() + "://" + authority() + path;
    }

    /** The same listener reached the other way: over TLS when {@code overTls}, else in cleartext. */
    public Target withTls(boolean overTls) {
        return new Target(name, host, port, overTls, path, largePath);
    }
}
