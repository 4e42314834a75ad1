/**
 * The RFC 7541 cases ({@code hpack/...}), one class per section ({@code H6_1_IndexedField} is §6.1), and {@code
 * BrokenBlocks}, the malformed field blocks they share with the security cases. Imports {@code suite.steps}, {@code
 * spec}, {@code peer}, {@code verdict} and the engine's floors; listed by {@code Suites}.
 */
package io.h2scope.conformance.suite.hpack;
