/**
 * Typed protocol errors (RFC 9113 §5.4, §7): error codes, the connection/stream split, and the named {@code
 * Rule} every raised error carries with its {@code SpecRef} and stable rule id. The bottom of the engine:
 * imports no other h2scope package; every protocol package, the conformance verdicts and the inspector use it.
 */
package io.h2scope.engine.error;
