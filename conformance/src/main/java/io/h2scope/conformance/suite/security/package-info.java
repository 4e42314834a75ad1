/**
 * The {@code security/...} cases: the known HTTP/2 floods and resource attacks (docs/SECURITY.md lists their
 * {@code SEC-nn} ids), each bounded in frames and time, graded on what bounds the damage; slow peers, slow
 * handshakes and connection counts. Imports {@code suite.steps}, {@code suite.hpack}, {@code spec}, {@code peer},
 * {@code verdict}; listed by {@code Suites}.
 */
package io.h2scope.conformance.suite.security;
