/**
 * The cases for rules RFC 9113 added or tightened over RFC 7540 ({@code rfc9113/...}: field validity,
 * connection-specific fields, request pseudo-headers, trailers, CONNECT), one class per section. Imports {@code
 * suite}, {@code spec}, {@code peer}, {@code verdict}; listed by {@code Suites}.
 */
package io.h2scope.conformance.suite.rfc9113;
