package io.h2scope.engine.server;

import io.h2scope.engine.http.RequestHead;

/**
 * The application of an {@link H2Server}: called once per request, on the server's application
 * executor (never on a selector thread unless {@code H2Server.Builder.runHandlersOnLoop()} asked for it,
 * or {@link #isNonBlocking} says the request is safe there).
 * It may answer before returning or keep the exchange and finish later from any thread.
 */
@FunctionalInterface
public interface H2Handler {

    void handle(ServerExchange exchange);

    /**
     * True when {@link #handle} returns promptly for this request without blocking (it answers at once from
     * memory, or only registers callbacks). The server then calls it on the selector thread and saves two
     * thread hops per request; body callbacks and write completions still run on the executor. A handler
     * that blocks here stalls every connection of its loop. Default false.
     */
    default boolean isNonBlocking(RequestHead request) {
        return false;
    }
}
