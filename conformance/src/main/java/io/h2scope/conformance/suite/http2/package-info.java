/**
 * The RFC 7540 cases ({@code http2/...}), one class per section, named after it ({@code S6_7_Ping} is §6.7).
 * Imports {@code suite.steps}, {@code spec}, {@code peer}, {@code verdict} and the engine's floors; listed by {@code
 * Suites}.
 */
package io.h2scope.conformance.suite.http2;
