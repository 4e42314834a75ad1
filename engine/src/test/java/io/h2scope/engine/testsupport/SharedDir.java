package io.h2scope.engine.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the read-only reference folder {@code shared/} that sits beside the repository
 * (RFC texts, the HPACK corpus). Tests run from a module folder, so walk up until it appears.
 */
public final class SharedDir {

    private SharedDir() {
    }

    public static Path root() {
        String override = System.getProperty("h2scope.shared");
        if (override != null) {
            return Path.of(override);
        }
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            Path candidate = p.resolveSibling("shared");
            if (Files.isDirectory(candidate.resolve("hpack-test-case"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("cannot find ../shared (with hpack-test-case/) above " + dir
                + "; set -Dh2scope.shared=/path/to/shared");
    }

    public static Path resolve(String relative) {
        return root().resolve(relative);
    }
}
