package io.h2scope.conformance.targets.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Whether a process h2scope started still runs, as the kernel says it. {@link Process#isAlive()} turns false only once
 * the JVM's reaper thread has seen the exit, which a loaded machine delays past the moment the process closed its
 * sockets: a run could see its connections refused, finish its last case, and still hear "alive" when it asks whether
 * its server died. On Linux each thread of the process is read from {@code /proc/PID/task/TID/stat}: a process none of
 * whose threads still runs (each gone, a zombie, or exiting) has ended, and its sockets close only after that. Where
 * /proc does not say, the JVM's view is all there is.
 */
public final class ProcessLiveness {

    /** PF_EXITING in a task's flags: set first thing in the kernel's do_exit, before the task's files are closed. */
    private static final long PF_EXITING = 0x4;
    private static final Path PROC = Path.of("/proc");

    private ProcessLiveness() {
    }

    /** True while {@code process} runs: neither the JVM nor the kernel says it has ended or is ending. */
    public static boolean isAlive(Process process) {
        return process.isAlive() && !ended(process.pid());
    }

    /** Whether /proc says that process {@code pid} has ended or is ending; false where /proc does not say. */
    static boolean ended(long pid) {
        if (!Files.isDirectory(PROC.resolve("self").resolve("task"))) {
            return false;
        }
        Path tasks = PROC.resolve(Long.toString(pid)).resolve("task");
        List<Path> threads;
        try (Stream<Path> listed = Files.list(tasks)) {
            threads = listed.toList();
        } catch (NoSuchFileException e) {
            return true; // reaped already
        } catch (IOException | UncheckedIOException | DirectoryIteratorException | SecurityException e) {
            return !Files.isDirectory(tasks);
        }
        for (Path thread : threads) {
            String stat;
            try {
                stat = Files.readString(thread.resolve("stat"));
            } catch (NoSuchFileException e) {
                continue; // this thread has ended and is gone
            } catch (IOException | SecurityException e) {
                return false;
            }
            if (!ending(stat)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether one {@code stat} line ({@code pid (comm) state ppid pgrp session tty_nr tpgid flags ...}, proc(5)) is
     * of a task that is a zombie, dead, or exiting; false for a line it cannot read.
     */
    static boolean ending(String stat) {
        int comm = stat.lastIndexOf(')'); // the command name may hold spaces and parentheses
        String[] fields = comm < 0 ? new String[0] : stat.substring(comm + 1).trim().split("\\s+");
        if (fields.length < 7 || fields[0].isEmpty()) {
            return false;
        }
        char state = fields[0].charAt(0);
        if (state == 'Z' || state == 'X' || state == 'x') {
            return true;
        }
        try {
            return (Long.parseLong(fields[6]) & PF_EXITING) != 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
