package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class ProcessLivenessTest {

    /** How long a child may take to reach the state a test needs: far beyond what a loaded machine takes. */
    private static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(20);

    @Test
    void aStatLineSaysAZombieADeadOrAnExitingTask() {
        String running = "2388 (python3) S 2386 2388 15911 0 -1 4194368 107 0 0 0 0 0 0 0 20 0 2 0 1335715";
        assertFalse(ProcessLiveness.ending(running));
        assertTrue(ProcessLiveness.ending(running.replace(") S ", ") Z ")));
        assertTrue(ProcessLiveness.ending(running.replace(") S ", ") X ")));
        // PF_EXITING (0x4) in the flags: the kernel's do_exit has begun, the task still shows as running
        assertTrue(ProcessLiveness.ending(running.replace(") S ", ") R ").replace(" 4194368 ", " 4194372 ")));
        // the command name may hold ") Z": the fields start after the last parenthesis
        assertFalse(ProcessLiveness.ending("2388 (a) Z (b) S 2386 2388 15911 0 -1 4194368 107 0"));
        assertFalse(ProcessLiveness.ending(""));
        assertFalse(ProcessLiveness.ending("2388 (python3) S 2386"));
    }

    @Test
    void aZombieHasEndedThoughTheJvmStillCallsItAlive() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc here");
        // the shell's child ends at once; the shell becomes sleep, which never reaps it: a zombie for as long as we need
        Process parent = new ProcessBuilder("/bin/sh", "-c", "sleep 0 & echo $!; exec sleep 30").start();
        try {
            long zombie;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(parent.getInputStream(),
                    StandardCharsets.US_ASCII))) {
                zombie = Long.parseLong(out.readLine().trim());
                awaitState(zombie, 'Z');
            }
            assertTrue(ProcessHandle.of(zombie).map(ProcessHandle::isAlive).orElse(false),
                    "the JVM's view of a zombie: alive");
            assertTrue(ProcessLiveness.ended(zombie));
            assertTrue(ProcessLiveness.isAlive(parent));
        } finally {
            parent.destroyForcibly().waitFor();
        }
        assertFalse(ProcessLiveness.isAlive(parent));
        assertTrue(ProcessLiveness.ended(parent.pid()), "reaped: /proc has it no more");
    }

    @Test
    void aProcessWhoseFirstThreadEndedRunsOnInItsOtherThreads() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc here");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "/usr/bin/python3 is missing");
        // the main thread ends alone (a zombie leader, as ps shows <defunct>) while a second thread waits on stdin
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", String.join("\n",
                "import sys, threading, ctypes",
                "threading.Thread(target=sys.stdin.read).start()",
                "ctypes.CDLL(None).pthread_exit(None)")).start();
        try {
            awaitState(p.pid(), 'Z');
            assertTrue(ProcessLiveness.isAlive(p), "one thread still runs: the process has not ended");
        } finally {
            p.getOutputStream().close(); // the second thread's read ends, and with it the process
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        }
        assertEquals(0, p.exitValue());
        assertFalse(ProcessLiveness.isAlive(p));
    }

    /** Waits until process {@code pid}'s own stat line shows {@code state}; fails after {@link #SETTLE_NANOS}. */
    private static void awaitState(long pid, char state) throws InterruptedException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        String last = "";
        long deadline = System.nanoTime() + SETTLE_NANOS;
        while (System.nanoTime() - deadline < 0) {
            try {
                last = Files.readString(stat);
                if (last.charAt(last.lastIndexOf(')') + 2) == state) {
                    return;
                }
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(10);
        }
        throw new AssertionError("process " + pid + " never showed state " + state + ": " + last);
    }
}
