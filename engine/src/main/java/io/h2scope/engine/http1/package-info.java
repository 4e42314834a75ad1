/**
 * Pure, bounded parsers of HTTP/1.1 request and response heads, and what they produce. No I/O: the transport's
 * cleartext front door, the client's {@code Upgrade: h2c} handshake and the sans-IO observer all feed them bytes.
 */
package io.h2scope.engine.http1;
