package io.h2scope.conformance.targets.launch;

import org.testcontainers.containers.GenericContainer;

/**
 * Removes a container h2scope started, when asked or, once armed, when the JVM exits (Ctrl-C): Ryuk, Testcontainers'
 * reaper, cannot run here, so nothing else would, and a leaked container keeps its ports.
 */
public final class ContainerReaper {

    private final GenericContainer<?> container;
    private final String name;
    private ExitHook hook;

    public ContainerReaper(GenericContainer<?> container, String name) {
        this.container = container;
        this.name = name;
    }

    /** Once the container runs: from now until {@link #stop()}, the JVM's exit stops it. */
    public synchronized void arm() {
        if (hook == null) {
            hook = ExitHook.arm("container-stop-" + name, container::stop);
        }
    }

    /** Stops and removes the container, and the exit hook with it. */
    public synchronized void stop() {
        container.stop();
        if (hook != null) {
            hook.disarm();
            hook = null;
        }
    }
}
