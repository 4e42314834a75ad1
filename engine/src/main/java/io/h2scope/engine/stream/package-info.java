/**
 * Stream states and stream-id rules, RFC 9113 §5.1 to §5.1.2: {@link io.h2scope.engine.stream.StreamTransitions}
 * (the one state table), {@link io.h2scope.engine.stream.StreamRegistry} (ids, limits, bounded
 * memory of closed streams, and how a frame's sender had ended its stream: {@code SenderEnd}). Pure rules: no I/O, no threads, no clocks.
 *
 * <p>Imports only {@code error}; used by nearly every other package that speaks of streams.
 */
package io.h2scope.engine.stream;
