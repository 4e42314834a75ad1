/**
 * The sans-IO HTTP/2 connection ({@code Http2Connection}): bytes in through {@code receive}, events out to a
 * {@code ConnectionListener}; commands in, bytes out. Holds the receive rules per frame type, header block
 * assembly, SETTINGS exchange, DATA scheduling, GOAWAY state and progress deadlines, and publishes every fact as
 * a trace event ({@code TracePublisher}). Never touches a socket, a thread or a clock: time is passed in (a test
 * enforces it). Imports the protocol floors ({@code error}, {@code frame*}, {@code hpack}, {@code settings},
 * {@code stream}, {@code flow}, {@code http}) and the trace's sink interface and event model; used by the
 * transport's driver, the client and server facades and the observer.
 */
package io.h2scope.engine.core;
