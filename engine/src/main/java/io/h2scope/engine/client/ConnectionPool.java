package io.h2scope.engine.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The client's {@link Route}s, one per scheme, host and port. */
final class ConnectionPool {

    private final ClientRuntime runtime;
    private final ConnectionOpener opener;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();

    ConnectionPool(ClientRuntime runtime, ConnectionOpener opener) {
        this.runtime = runtime;
        this.opener = opener;
    }

    Route route(H2Request request) {
        Route route = routes.get(request.poolKey());
        return route != null ? route : routes.computeIfAbsent(request.poolKey(),
                k -> new Route(runtime, this, opener, request.uri().getHost().toLowerCase(Locale.ROOT), request.port(), request.isTls()));
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
