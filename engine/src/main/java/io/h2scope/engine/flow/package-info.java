/**
 * Flow control, RFC 9113 §5.2 and §6.9: windows, what the peer may send us (with a
 * WINDOW_UPDATE policy) and what we may send. Pure rules: no I/O, no threads, no clocks.
 */
package io.h2scope.engine.flow;
