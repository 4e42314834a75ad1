package io.h2scope.engine.client;

/**
 * What a {@link ClientConnection} tells the route it takes requests from ({@link Route}): when it is ready and how
 * many streams it takes, when a slot frees up, when it takes no more, a request it could not open handed back, and
 * that it is gone. The connection sees its route only through this, so requests flow one way (route to connection).
 */
interface StreamSlots {

    /** The connection is ready: up to {@code maxConcurrentStreams} streams. */
    void ready(ClientConnection conn, int maxConcurrentStreams);

    /** The peer changed SETTINGS_MAX_CONCURRENT_STREAMS. */
    void capacity(ClientConnection conn, int maxConcurrentStreams);

    /** GOAWAY received ({@code live == 0}), or the core refused a stream although a free slot was counted. */
    void noMoreStreams(ClientConnection conn, int live);

    /** A stream of the connection ended (or never opened): its slot is free. */
    void release(ClientConnection conn);

    /** A request the connection could not open a stream for: it keeps its place in line. */
    void submitFirst(RequestTask<?> task);

    /** The connection closed, or failed to become ready ({@code cause} then fails the waiting requests). */
    void gone(ClientConnection conn, Throwable cause);

    /** A task for a request the connection starts on its own (a server push), timed like any request. */
    RequestTask<byte[]> pushedTask(H2Request promised);
}
