/**
 * The front door of an HTTP/2 port for clients that do not start with HTTP/2: preface detection
 * (prior knowledge), the deprecated but still requested {@code Upgrade: h2c} (RFC 7540 §3.2), and a
 * clear, complete HTTP/1.1 refusal for everything else. {@link io.h2scope.engine.transport.http1.ServerProtocols}
 * stacks these for cleartext and TLS ports.
 *
 * <p>Imports {@code transport}, {@code transport.tls} and the HTTP/1.1 head parsers of {@code http1}.
 */
package io.h2scope.engine.transport.http1;
