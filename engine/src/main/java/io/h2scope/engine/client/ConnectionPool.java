package io.h2scope.engine.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The client's {@link Route}s, one per scheme, host and port. */
final class ConnectionPool {

    private final H2Client client;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();

    ConnectionPool(H2Client client) {
        this.client = client;
    }

    Route route(H2Request request) {
        String host = request.uri().getHost().toLowerCase(Locale.ROOT);
        String key = (request.isTls() ? "https://" : "http://") + host + ":" + request.port();
        return routes.computeIfAbsent(key, k -> new Route(client, host, request.port(), request.isTls()));
    }

    void submit(RequestTask<?> task) {
        route(task.request).submit(task);
    }

    void remove(RequestTask<?> task) {
        route(task.request).remove(task);
    }

    List<ClientConnection> connections() {
        List<ClientConnection> all = new ArrayList<>();
        routes.values().forEach(r -> all.addAll(r.connections()));
        return all;
    }
}
