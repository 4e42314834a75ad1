/**
 * TLS for HTTP/2: the {@link io.h2scope.engine.transport.tls.TlsLayer} over {@code SSLEngine}, the
 * RFC 9113 §9.2 policy ({@link io.h2scope.engine.transport.tls.TlsPolicy},
 * {@link io.h2scope.engine.transport.tls.ForbiddenCipherSuites}), ALPN, and server identities
 * (self-signed or PEM files).
 *
 * <p>Imports {@code transport} and {@code core} (for the RFC 9113 §9.2 rules it enforces); used by the client,
 * server, proxy, the conformance peer and targets, and the CLI.
 */
package io.h2scope.engine.transport.tls;
