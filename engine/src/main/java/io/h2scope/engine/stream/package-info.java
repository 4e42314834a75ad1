/**
 * Stream states and stream-id rules, RFC 9113 §5.1 to §5.1.2: {@link io.h2scope.engine.stream.StreamTransitions}
 * (the one state table), {@link io.h2scope.engine.stream.StreamRegistry} (ids, limits, bounded
 * memory of closed streams). Pure rules: no I/O, no threads, no clocks.
 */
package io.h2scope.engine.stream;
