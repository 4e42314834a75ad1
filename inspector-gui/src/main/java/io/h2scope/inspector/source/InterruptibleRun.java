package io.h2scope.inspector.source;

/**
 * A suite run on a daemon thread of its own that stopping interrupts: the client suite's (a served run's waiting
 * ends, a client's process goes) and the intermediary suite's (the cases still to run find the intermediary gone).
 */
abstract class InterruptibleRun implements SuiteRun {

    private final String threadName;
    private volatile Thread thread;

    InterruptibleRun(String threadName) {
        this.threadName = threadName;
    }

    @Override
    public final Thread start(Listener listener) {
        Thread t = SuiteRun.started(threadName, () -> run(listener));
        thread = t;
        return t;
    }

    /** The run itself, on its thread; tells {@code listener} how it goes. */
    abstract void run(Listener listener);

    @Override
    public void stop() {
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }
}
