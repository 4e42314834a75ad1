/**
 * The TLS cases of RFC 9113 §9.2 (version, prohibited cipher suites, ALPN, renegotiation), for https targets
 * only: hand-built ClientHellos and JDK TLS sockets of the case's choosing. Imports {@code spec}, {@code peer},
 * {@code verdict} and the engine's TLS policy; listed by {@code Suites}.
 */
package io.h2scope.conformance.suite.tls;
