/**
 * Trace events as text: the one-line frame form modelled on {@code nghttp -v} ({@code TraceText}), wall-clock
 * times as traces write and read them, and {@code Redaction}, the one home of which field values a trace hides.
 * Imports the floors, the event model and the trace root; used by every sink, reader and view that prints an
 * event.
 */
package io.h2scope.engine.trace.text;
