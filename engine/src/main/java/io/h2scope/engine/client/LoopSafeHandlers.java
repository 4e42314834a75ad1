package io.h2scope.engine.client;

import java.net.http.HttpResponse;
import java.util.Set;

/**
 * The JDK body handlers whose subscribers only copy bytes and never block or call user code: their response
 * can be assembled on the loop thread instead of in executor tasks (one for the headers, more as DATA arrives).
 * Only the completion of the caller's future goes to the executor, or, for a blocking {@code send}, straight
 * to the waiting caller. Anything else (user handlers, files, streams, publishers) keeps running on the
 * executor, so no user code ever runs on a loop thread.
 */
final class LoopSafeHandlers {

    /** Each JDK factory returns instances of one lambda class; the set holds those classes. */
    private static final Set<Class<?>> CLASSES = Set.of(
            HttpResponse.BodyHandlers.ofByteArray().getClass(),
            HttpResponse.BodyHandlers.ofString().getClass(),
            HttpResponse.BodyHandlers.discarding().getClass());

    private LoopSafeHandlers() {
    }

    static boolean contains(HttpResponse.BodyHandler<?> handler) {
        return CLASSES.contains(handler.getClass());
    }
}
