/**
 * SETTINGS, RFC 9113 §6.5: identifiers and defaults, immutable values, validation of received
 * values, and synchronization of our own (pending until ACK, timeout with time passed in).
 * Pure rules: no I/O, no threads, no clocks.
 *
 * <p>Imports {@code error} and {@code stream}; used by the core, the observer, the trace model and the conformance
 * cases.
 */
package io.h2scope.engine.settings;
