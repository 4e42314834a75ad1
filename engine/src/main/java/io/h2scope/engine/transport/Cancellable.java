package io.h2scope.engine.transport;

/** A scheduled action that may still be called off. */
@FunctionalInterface
public interface Cancellable {

    /**
     * Calls the action off. Has no effect if it already ran or was already cancelled.
     *
     * @return true if this call stopped the action from running
     */
    boolean cancel();
}
