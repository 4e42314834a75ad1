package io.h2scope.conformance.targets.launch;

/**
 * An action the JVM's exit runs (Ctrl-C, SIGTERM, the end of main) unless it is disarmed first: how a server, an
 * intermediary or a container that h2scope started is stopped when the run is stopped, so none is left holding its
 * ports and state directory.
 */
public final class ExitHook {

    private final Thread thread;

    private ExitHook(Thread thread) {
        this.thread = thread;
    }

    /** {@code action} from now on runs when the JVM exits, on a thread called {@code h2scope-exit-NAME}. */
    public static ExitHook arm(String name, Runnable action) {
        Thread thread = new Thread(action, "h2scope-exit-" + name);
        Runtime.getRuntime().addShutdownHook(thread);
        return new ExitHook(thread);
    }

    /** The action no longer runs at exit (it was done already). */
    public void disarm() {
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook runs or ran, and this is it or after it
        }
    }
}
