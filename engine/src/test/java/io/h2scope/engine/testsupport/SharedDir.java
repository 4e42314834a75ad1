package io.h2scope.engine.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the read-only reference folder {@code shared/} (the HPACK corpus), which a clone of the repository
 * does not carry: the folder named by {@code -Dh2scope.shared=PATH}, else the first {@code shared/}
 * in the working directory or one of its ancestors (a module of a clone at {@code DIR/main} finds
 * {@code DIR/shared}). JDK only, so the benchmarks find their corpus the same way outside a test;
 * tests go through {@link SharedDirAssumption}.
 */
public final class SharedDir {

    public static final String PROPERTY = "h2scope.shared";

    private SharedDir() {
    }

    /**
     * {@code shared/<child>}, or empty when no {@code shared/} with that child is found.
     *
     * @throws IllegalStateException when {@code -Dh2scope.shared} names a folder without {@code child}
     */
    public static Optional<Path> find(String child) {
        String configured = System.getProperty(PROPERTY);
        if (configured != null) {
            Path given = Path.of(configured).resolve(child);
            if (!Files.isDirectory(given)) {
                throw new IllegalStateException("-D" + PROPERTY + "=" + configured + " has no folder " + child
                        + ": give the folder that holds " + child + "/");
            }
            return Optional.of(given);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve(child);
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** What is missing and how to get it, for a skip or an error. */
    public static String missing(String child) {
        return "no shared/" + child + " in " + Path.of("").toAbsolutePath() + " or above: put the reference folder"
                + " shared/ (it holds " + child + "/) beside the clone, or pass -D" + PROPERTY + "=PATH";
    }
}
