package io.h2scope.conformance.targets.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The resident memory of a process and every descendant at one moment, from {@code /proc/PID/status} (Linux): servers
 * such as nginx, haproxy and apache2 hold their buffers in worker processes, so the tree is summed.
 *
 * @param rssBytes   the {@code VmRSS} of every process of the tree, summed
 * @param hwmBytes   the {@code VmHWM} (each process's own peak RSS since it started), summed
 * @param processes  how many processes were read
 */
public record ProcessTreeMemory(long rssBytes, long hwmBytes, int processes) {

    private static final long MIB = 1L << 20;

    /** The tree under {@code root} now; empty when the root is gone or /proc does not say (not Linux, another user). */
    public static Optional<ProcessTreeMemory> of(ProcessHandle root) {
        List<ProcessHandle> tree = Stream.concat(Stream.of(root), root.descendants()).toList();
        long rss = 0;
        long hwm = 0;
        int read = 0;
        for (ProcessHandle p : tree) {
            Optional<long[]> status = status(p.pid());
            if (status.isEmpty()) {
                if (p == root) {
                    return Optional.empty();
                }
                continue; // a worker that exited between the listing and the reading
            }
            rss += status.get()[0];
            hwm += status.get()[1];
            read++;
        }
        return Optional.of(new ProcessTreeMemory(rss, hwm, read));
    }

    /** {@code VmRSS} and {@code VmHWM} of one process in octets, or empty when its status file does not give both. */
    private static Optional<long[]> status(long pid) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        OptionalLong rss = kib(lines, "VmRSS:");
        OptionalLong hwm = kib(lines, "VmHWM:");
        return rss.isPresent() && hwm.isPresent() ? Optional.of(new long[] {rss.getAsLong(), hwm.getAsLong()})
                : Optional.empty();
    }

    /** A line such as {@code VmRSS:	   10240 kB}, in octets. */
    private static OptionalLong kib(List<String> lines, String name) {
        for (String line : lines) {
            if (line.startsWith(name)) {
                String[] words = line.substring(name.length()).trim().split("\\s+");
                try {
                    return OptionalLong.of(Long.parseLong(words[0]) * 1024);
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty(); // a zombie or a kernel thread has no Vm lines
    }

    /** Octets in MiB with one decimal, for evidence. */
    public static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", (double) bytes / MIB);
    }
}
