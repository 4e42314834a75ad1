package io.h2scope.conformance.client.drive;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds a program on {@code PATH}, as {@code sh} would. */
final class Executables {

    private Executables() {
    }

    static Optional<Path> find(String program) {
        if (program.contains("/")) {
            Path path = Path.of(program);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
