package io.h2scope.conformance.client.drive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command line under {@code /bin/sh -c}: its exit status, the tail of its output (standard output and
 * error together, capped), and how long it took. At the deadline the command is stopped with every process it
 * started, so a client that hangs costs the run its timeout and leaves nothing behind (a process that detached
 * itself into a session of its own is out of reach, as for any supervisor without cgroups).
 */
final class CommandRun {

    /** Exit status of {@code sh} when the command was not found. */
    static final int NOT_FOUND = 127;
    /** Exit status of {@code sh} when the command was found but could not be executed. */
    static final int NOT_EXECUTABLE = 126;

    /**
     * @param exitStatus the command's exit status; -1 when it was stopped at the deadline
     * @param output     what it printed, its last octets
     * @param took       from start to exit (or to the stop)
     */
    record Result(int exitStatus, OutputTail output, Duration took) {
        boolean timedOut() {
            return exitStatus == -1;
        }
    }

    private CommandRun() {
    }

    static Result run(String commandLine, Duration timeout, Path directory, Map<String, String> environment)
            throws InterruptedException {
        long start = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", commandLine)
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        builder.environment().putAll(environment);
        OutputTail output = new OutputTail(OutputTail.DEFAULT_CAP);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            output.append(bytes(e.getMessage()), 0, bytes(e.getMessage()).length);
            return new Result(NOT_EXECUTABLE, output, Duration.ofNanos(System.nanoTime() - start));
        }
        Thread reader = new Thread(() -> drain(process.getInputStream(), output), "client-output");
        reader.setDaemon(true);
        reader.start();
        boolean exited;
        try {
            exited = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            stopTree(process);
            throw e;
        }
        if (!exited) {
            stopTree(process);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        // the pipe ends when every process holding it is gone; one that escaped must not hold the run
        reader.join(2_000);
        if (reader.isAlive()) {
            closeQuietly(process.getInputStream());
            reader.join(1_000);
        }
        return new Result(exited ? process.exitValue() : -1, output, took);
    }

    /** Stops {@code process} and its descendants, children first seen before the parent goes (they are reparented after). */
    static void stopTree(Process process) throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            List<ProcessHandle> descendants = process.descendants().toList();
            descendants.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            if (descendants.isEmpty() && !process.isAlive()) {
                break;
            }
            for (ProcessHandle h : descendants) {
                h.onExit().orTimeout(1, TimeUnit.SECONDS).exceptionally(x -> null).join();
            }
        }
        process.waitFor(2, TimeUnit.SECONDS);
    }

    private static void drain(InputStream in, OutputTail output) {
        byte[] buffer = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                output.append(buffer, 0, n);
            }
        } catch (IOException e) {
            // closed under the reader after the stop: what was read is kept
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // nothing more to read from it either way
        }
    }

    private static byte[] bytes(String text) {
        return String.valueOf(text).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
