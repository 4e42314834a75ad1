/**
 * TLS key logging ({@code SSLKEYLOGFILE}, NSS format) for Wireshark: SSL contexts over BouncyCastle's JCA TLS
 * whose crypto hooks note each derived secret, since the JDK's own TLS cannot expose them. Imports {@code
 * transport.tls} and the trace configuration; used by the client, the server, the proxy and the CLI.
 */
package io.h2scope.engine.transport.tls.keylog;
