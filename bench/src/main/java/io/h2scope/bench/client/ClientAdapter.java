package io.h2scope.bench.client;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One HTTP/2 client library seen through the same narrow surface: GET one fixed URL over one h2c
 * connection, blocking or asynchronously. Each adapter builds what the library lets a caller reuse (the
 * client, the request) once, and uses the library the way its documentation recommends; what it
 * allocates per request is its own.
 */
public interface ClientAdapter extends AutoCloseable {

    /** The names of the benchmark parameter {@code lib}, in the order of the comparison table. */
    List<String> LIBS = List.of("h2scope", "h2scope-dropin", "jdk", "okhttp", "netty", "jetty", "floor");

    /** Requests kept in flight at once by the multiplexed benchmark (below every server's stream limit). */
    int MULTIPLEXED = 64;

    String name();

    /** GET the URL and wait for the whole body. */
    Reply get() throws Exception;

    /** GET the URL; the future completes once the whole body has arrived. */
    CompletableFuture<Reply> getAsync();

    @Override
    void close() throws Exception;

    /**
     * Opens {@code lib}'s client for {@code url} (h2c: {@code http://host:port/path}) and sends one request
     * to make the connection, so every later request uses it.
     */
    static ClientAdapter open(String lib, URI url) throws Exception {
        if (!"http".equals(url.getScheme()) || url.getPort() <= 0) {
            throw new IllegalArgumentException("an h2c URL with a port is needed (http://127.0.0.1:PORT/path): " + url);
        }
        ClientAdapter adapter = switch (lib) {
            case "h2scope" -> new H2scopeClientAdapter(url);
            case "h2scope-dropin" -> new H2scopeDropInAdapter(url);
            case "jdk" -> new JdkClientAdapter(url);
            case "okhttp" -> new OkHttpClientAdapter(url);
            case "netty" -> new NettyClientAdapter(url);
            case "jetty" -> new JettyClientAdapter(url);
            case "floor" -> new FloorAdapter(url);
            default -> throw new IllegalArgumentException("unknown client library '" + lib + "'; known: " + LIBS);
        };
        try {
            Reply first = adapter.get();
            if (first.status() != 200) {
                throw new IllegalStateException(lib + ": GET " + url + " answered " + first.status() + ", not 200");
            }
            return adapter;
        } catch (Exception | Error e) {
            adapter.close();
            throw e;
        }
    }
}
