/**
 * The {@code output/...} section: the rules a client holds a server's own frames to, as seen in every case of a
 * run by the peer's {@code ServerOutputMonitor}. Imports {@code suite.steps}, {@code spec}, {@code peer}, {@code
 * verdict}; listed by {@code Suites}.
 */
package io.h2scope.conformance.suite.output;
