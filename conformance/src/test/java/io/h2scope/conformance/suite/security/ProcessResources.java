package io.h2scope.conformance.suite.security;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What this JVM holds at one moment: live heap after collections, open descriptors, live threads (by name,
 * so a difference can be told). The JIT's compiler threads come and go on their own and are not counted.
 */
record ProcessResources(long heapBytes, int descriptors, List<String> threads) {

    /** After asking for full collections until the live heap stops shrinking. */
    static ProcessResources now() throws InterruptedException {
        long heap = Long.MAX_VALUE;
        for (int i = 0; i < 6; i++) {
            System.gc();
            Thread.sleep(200);
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (used >= heap - (1 << 20)) {
                heap = Math.min(heap, used);
                break;
            }
            heap = used;
        }
        return new ProcessResources(heap, openDescriptors(), Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive).map(Thread::getName).filter(n -> !n.contains("CompilerThread")).sorted().toList());
    }

    private static int openDescriptors() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return (int) fds.count() - 1; // the listing's own descriptor
        } catch (IOException e) {
            throw new IllegalStateException("no /proc/self/fd: the soak measures descriptors on Linux only", e);
        }
    }

    String describe() {
        return (heapBytes >> 20) + " MiB live heap, " + descriptors + " descriptors, " + threads.size() + " threads";
    }
}
