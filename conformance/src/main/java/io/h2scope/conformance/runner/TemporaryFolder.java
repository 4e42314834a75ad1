package io.h2scope.conformance.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A folder a run keeps its files in (a certificate authority's key, say), made 0700 under the system's temp dir and
 * removed with all it holds by {@link #close()}; one the JVM's end finds still open (a run that was never closed,
 * Ctrl-C, SIGTERM) is removed then, by one shutdown hook for all of them, so no run leaves its files behind.
 */
public final class TemporaryFolder implements AutoCloseable {

    /** The folders not yet closed: what the shutdown hook removes. */
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();
    private static boolean hooked;

    private final Path path;

    private TemporaryFolder(Path path) {
        this.path = path;
    }

    /** A new folder under the system's temp dir, its name starting with {@code prefix}. */
    public static TemporaryFolder create(String prefix) throws IOException {
        return register(Files.createTempDirectory(prefix));
    }

    /** A new folder in {@code parent}, its name starting with {@code prefix}. */
    public static TemporaryFolder create(Path parent, String prefix) throws IOException {
        return register(Files.createTempDirectory(parent, prefix));
    }

    private static TemporaryFolder register(Path path) {
        synchronized (OPEN) {
            if (!hooked) {
                Runtime.getRuntime().addShutdownHook(new Thread(TemporaryFolder::removeOpen, "h2scope-exit-temp-folders"));
                hooked = true;
            }
            OPEN.add(path);
        }
        return new TemporaryFolder(path);
    }

    public Path path() {
        return path;
    }

    /** Removes the folder and all it holds (again: nothing). */
    @Override
    public void close() {
        OPEN.remove(path);
        deleteTree(path);
    }

    /** Removes every folder not yet closed: what the shutdown hook runs. */
    static void removeOpen() {
        for (Path p : List.copyOf(OPEN)) {
            OPEN.remove(p);
            deleteTree(p);
        }
    }

    /** The folders not yet closed. */
    static Set<Path> open() {
        return Set.copyOf(OPEN);
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // best effort: what cannot be removed now (a file another process holds open elsewhere) is no reason to
            // fail a run that is over
        }
    }
}
