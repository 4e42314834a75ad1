package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Records every event; an optional reaction runs inside onEvent (to test re-entrant commands). */
final class EventRecorder implements ConnectionListener {

    final List<Event> events = new ArrayList<>();
    Consumer<Event> reaction = e -> { };

    @Override
    public void onEvent(Event event) {
        events.add(event);
        reaction.accept(event);
    }

    <T extends Event> List<T> all(Class<T> type) {
        List<T> found = new ArrayList<>();
        for (Event e : events) {
            if (type.isInstance(e)) {
                found.add(type.cast(e));
            }
        }
        return found;
    }

    <T extends Event> T last(Class<T> type) {
        List<T> found = all(type);
        if (found.isEmpty()) {
            throw new AssertionError("no " + type.getSimpleName() + " in " + events);
        }
        return found.get(found.size() - 1);
    }

    boolean has(Class<? extends Event> type) {
        return !all(type).isEmpty();
    }

    void clear() {
        events.clear();
    }
}
