package io.h2scope.inspector.model;

/**
 * One connection in the inspector: the source it came from and its id there. Two sources (a recording and the
 * GUI's own client, say) may both have a connection 1.
 *
 * @param source       the source's number in its {@link Recording} ({@link Recording#addSource})
 * @param connectionId the connection id in that source's events
 */
public record ConnectionKey(int source, long connectionId) {
}
