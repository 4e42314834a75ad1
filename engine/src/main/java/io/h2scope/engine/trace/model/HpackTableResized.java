package io.h2scope.engine.trace.model;

/** One dynamic table's maximum size changed (RFC 7541 §4.2, §6.3); evictions it causes follow as their own event. */
public record HpackTableResized(long connectionId, long nanosSinceStart, HpackContext table, int maxSize)
        implements TraceEvent {
}
