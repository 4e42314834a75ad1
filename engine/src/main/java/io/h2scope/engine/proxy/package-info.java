/**
 * The recording proxy: relays a client's HTTP/2 connection to an upstream byte for byte (h2c or TLS on either
 * side, reverse or through CONNECT with TLS interception by a local CA) and records both legs as a linked pair of
 * connections in the trace event stream. A facade over the transport and the passive observer, like the client
 * and server packages over the core; docs/PROXY.md describes its use. {@code ProxiedPair} is one relayed
 * connection, {@code ClientLeg} and {@code UpstreamLeg} its two sides, {@code RelayFlow} one direction's
 * back-pressure; {@code proxy.tls} holds the TLS interception.
 *
 * <p>Imports {@code observer}, {@code proxy.tls}, {@code transport} (with TLS and key log), the frame codec and the
 * trace; used by the CLI's {@code proxy} and the inspector's proxy panel.
 */
package io.h2scope.engine.proxy;
