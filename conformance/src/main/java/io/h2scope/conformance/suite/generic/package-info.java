/**
 * The h2spec {@code generic/...} cases: each frame type, representation and ordinary exchange used correctly is
 * accepted. Imports {@code suite.steps}, {@code suite.http2}, {@code spec}, {@code peer}, {@code verdict}; listed by
 * {@code Suites}.
 */
package io.h2scope.conformance.suite.generic;
