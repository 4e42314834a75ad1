/**
 * TLS for HTTP/2: the {@link io.h2scope.engine.transport.tls.TlsLayer} over {@code SSLEngine}, the
 * RFC 9113 §9.2 policy ({@link io.h2scope.engine.transport.tls.TlsPolicy},
 * {@link io.h2scope.engine.transport.tls.ForbiddenCipherSuites}), ALPN, and server identities
 * (self-signed or PEM files).
 */
package io.h2scope.engine.transport.tls;
