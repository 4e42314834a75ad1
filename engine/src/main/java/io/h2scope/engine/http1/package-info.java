/**
 * Pure, bounded parsers of HTTP/1.1 request and response heads, and what they produce. Sans-IO (a test enforces
 * it) and imports nothing of the engine: the transport's cleartext front door, the client's {@code Upgrade: h2c}
 * handshake, the observer, the proxy and {@code frames decode} feed them bytes.
 */
package io.h2scope.engine.http1;
