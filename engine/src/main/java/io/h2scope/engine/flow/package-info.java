/**
 * Flow control, RFC 9113 §5.2 and §6.9: windows, what the peer may send us (with a
 * WINDOW_UPDATE policy) and what we may send; a lenient {@code FlowWindow} counts what the rules refuse
 * instead of throwing, for the observer, which must show what a sender did. Pure rules: no I/O, no threads, no
 * clocks.
 *
 * <p>Imports {@code error}, {@code frame.check} and {@code stream}; used by the core, the observer, the trace model
 * and the inspector.
 */
package io.h2scope.engine.flow;
