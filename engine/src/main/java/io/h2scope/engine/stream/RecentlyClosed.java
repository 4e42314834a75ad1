package io.h2scope.engine.stream;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bounded memory of the most recently closed streams and why they closed. The oldest entry is
 * evicted when full; an evicted stream reads as closed with {@link CloseCause#UNKNOWN}. Without a
 * bound, a long connection would keep every stream id it ever used.
 */
final class RecentlyClosed {

    private final int capacity;
    private final LinkedHashMap<Integer, CloseCause> causes;

    RecentlyClosed(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("closed-stream memory must be >= 0, got " + capacity);
        }
        this.capacity = capacity;
        this.causes = new LinkedHashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, CloseCause> eldest) {
                return size() > RecentlyClosed.this.capacity;
            }
        };
    }

    void remember(int streamId, CloseCause cause) {
        if (capacity > 0) {
            causes.put(streamId, cause);
        }
    }

    /** The remembered cause, or null when never closed or already forgotten. */
    CloseCause cause(int streamId) {
        return causes.get(streamId);
    }

    int size() {
        return causes.size();
    }
}
