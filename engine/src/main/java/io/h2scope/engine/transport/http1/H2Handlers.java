package io.h2scope.engine.transport.http1;

import io.h2scope.engine.transport.ConnectionHandler;

/**
 * How a server port reaches the HTTP/2 side once it knows the client speaks HTTP/2. The handler returned
 * is then opened on the connection ({@code onOpen}) and receives every following byte.
 */
public interface H2Handlers {

    /**
     * Prior knowledge (cleartext) or ALPN "h2" (TLS). The first bytes the handler reads are the client
     * connection preface, {@code PRI * HTTP/2.0...}, included.
     */
    ConnectionHandler priorKnowledge();

    /**
     * A cleartext {@code Upgrade: h2c}: {@code 101 Switching Protocols} has been written. The handler
     * must treat {@link H2cUpgrade#settingsPayload()} as the client's first SETTINGS and the request as
     * stream 1 (RFC 7540 §3.2); it then reads the client connection preface like any other.
     */
    ConnectionHandler upgraded(H2cUpgrade upgrade);
}
