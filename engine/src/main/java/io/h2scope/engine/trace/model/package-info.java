/**
 * The event model: {@code TraceEvent} and its kinds (frames, stream states, windows, settings, HPACK table
 * changes, rule violations, errors, connection opened and closed), and {@code ConnectionModel}, one connection
 * rebuilt from its events alone. Sans-IO (a test enforces it); imports only the protocol floors. Everything that
 * publishes or reads a trace uses it.
 */
package io.h2scope.engine.trace.model;
