package io.h2scope.conformance.targets.launch;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** How a server or intermediary process h2scope started is ended: the one place for its signals and waits. */
public final class ProcessEnd {

    private ProcessEnd() {
    }

    /**
     * SIGTERM to {@code process}, SIGKILL after 5 s, then SIGKILL to each child that outlived it (a worker must not
     * keep the port). Whether the wait was interrupted; the caller restores the flag once its own work is done.
     */
    public static boolean stop(Process process) {
        List<ProcessHandle> children = process.descendants().toList();
        boolean interrupted = false;
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            interrupted = true;
            process.destroyForcibly();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        return interrupted;
    }
}
