package io.h2scope.engine.server;

/**
 * The application of an {@link H2Server}: called once per request, on the server's application
 * executor (never on a selector thread unless {@code H2Server.Builder.runHandlersOnLoop()} asked for it).
 * It may answer before returning or keep the exchange and finish later from any thread.
 */
@FunctionalInterface
public interface H2Handler {

    void handle(ServerExchange exchange);
}
