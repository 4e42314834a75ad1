/**
 * Trace events and frames as text: the one-line frame form modelled on {@code nghttp -v} ({@code TraceText},
 * {@code FrameDescriber}), frames as short phrases ({@code FrameWords}), wall-clock times as traces write and read
 * them, and {@code Redaction}, the one home of which field values a trace hides. Imports the floors and the event
 * model; used by every sink, reader and view that prints an
 * event.
 */
package io.h2scope.engine.trace.text;
