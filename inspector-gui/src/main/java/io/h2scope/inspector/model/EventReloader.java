package io.h2scope.inspector.model;

import io.h2scope.engine.trace.model.TraceEvent;

/**
 * Reads one event of a source again, from where the source said it was (a recording file and the offset of its
 * line). A {@link Recording} keeps only those positions for such a source, and asks for an event when a view reads it:
 * a million frames then cost a few octets each, not their payloads. Called from any thread.
 */
public interface EventReloader {

    /** The event stored at {@code position}; an error here is a bug or a file changed under the inspector. */
    TraceEvent reload(long position);
}
