package io.h2scope.engine.transport;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Whether a thread is virtual, on JDKs that have them (21 and later); the engine is built for 17. A virtual
 * thread should park (which frees its carrier) rather than block in a selector of its own.
 */
public final class VirtualThreads {

    private static final MethodHandle IS_VIRTUAL = lookup();

    private VirtualThreads() {
    }

    public static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            return false;
        }
    }

    private static MethodHandle lookup() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null; // JDK 17-20
        }
    }
}
