package io.h2scope.engine.client;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** VarHandles on a class's own fields (a flag set once per request without an atomic object of its own). */
final class FieldHandles {

    private FieldHandles() {
    }

    /** The field {@code name} of {@code lookup}'s class; a class's own {@code MethodHandles.lookup()} reaches it. */
    static VarHandle of(MethodHandles.Lookup lookup, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(lookup.lookupClass(), name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
