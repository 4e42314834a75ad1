package io.h2scope.engine.trace.model;

/** An entry was inserted at the front of one dynamic table (RFC 7541 §4.4); {@code size} as §4.1 counts it. */
public record HpackEntryAdded(long connectionId, long nanosSinceStart, HpackContext table, String name, String value,
        int size) implements TraceEvent {
}
