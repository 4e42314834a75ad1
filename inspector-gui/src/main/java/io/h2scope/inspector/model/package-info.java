/**
 * What the inspector knows, rebuilt from trace events alone, with no JavaFX: the {@code Recording} of every
 * source (append-only columns that one thread appends to and others read), each connection's history and state
 * as of any event, frame detail, stream transitions, window series and HPACK tables over time.
 * Imports the engine's floors, event model and {@code trace.text}; used by the sources, the views, the exports
 * and the inspector benchmark; the frame list's filters, which read it, are in {@code model.filter}.
 */
package io.h2scope.inspector.model;
