package io.h2scope.conformance.targets.launch;

import org.testcontainers.containers.GenericContainer;

/**
 * Removes a container h2scope started, when asked or, once armed, when the JVM exits (Ctrl-C): Ryuk, Testcontainers'
 * reaper, cannot run here, so nothing else would, and a leaked container keeps its ports.
 */
public final class ContainerReaper {

    private final GenericContainer<?> container;
    private final Thread hook;

    public ContainerReaper(GenericContainer<?> container, String name) {
        this.container = container;
        this.hook = new Thread(container::stop, "h2scope-container-stop-" + name);
    }

    /** Once the container runs: from now until {@link #stop()}, the JVM's exit stops it. */
    public void arm() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Stops and removes the container, and the exit hook with it. */
    public void stop() {
        container.stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // shutting down already, or never armed
        }
    }
}
