/**
 * The event model: {@code TraceEvent} and its kinds (frames, stream states, windows, settings, HPACK table
 * changes, rule violations, errors, connection opened and closed), and {@code ConnectionModel}, one connection
 * rebuilt from its events alone; and what a connection publishes them to: {@code TraceSink} (with {@code
 * SwitchableSink}, the side channel {@code WireTap} a sink may offer, and {@code HpackRecorder} for a sink that
 * asks for HPACK detail), and {@code FrameOctets}, a frame event's octets. Sans-IO (a test enforces it); imports
 * only the protocol floors. Everything that publishes or reads a trace uses it.
 */
package io.h2scope.engine.trace.model;
