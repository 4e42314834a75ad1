package io.h2scope.bench;

import java.io.UncheckedIOException;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the read-only reference folder {@code shared/} (test vectors, RFC texts): the system property
 * {@code h2scope.shared} if set, otherwise the first {@code shared/} beside the working directory or one
 * of its ancestors (a worktree {@code /work/wt-x} finds {@code /work/shared}).
 */
public final class SharedDir {

    public static final String PROPERTY = "h2scope.shared";

    private SharedDir() {
    }

    /** {@code shared/<child>}, which must exist. */
    public static Path resolve(String child) {
        String configured = System.getProperty(PROPERTY);
        if (configured != null) {
            return existing(Path.of(configured).resolve(child), "-D" + PROPERTY + "=" + configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve(child);
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new UncheckedIOException(new FileNotFoundException("no shared/" + child + " beside "
                + Path.of("").toAbsolutePath() + " or its ancestors; pass -D" + PROPERTY + "=/path/to/shared"));
    }

    private static Path existing(Path path, String origin) {
        if (!Files.isDirectory(path)) {
            throw new UncheckedIOException(new FileNotFoundException(path + " (from " + origin + ") is not a folder"));
        }
        return path;
    }
}
