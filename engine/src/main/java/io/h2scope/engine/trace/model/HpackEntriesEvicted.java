package io.h2scope.engine.trace.model;

/** The {@code count} oldest entries of one dynamic table were evicted (RFC 7541 §4.3, §4.4). */
public record HpackEntriesEvicted(long connectionId, long nanosSinceStart, HpackContext table, int count)
        implements TraceEvent {
}
