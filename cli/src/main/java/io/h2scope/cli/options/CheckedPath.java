package io.h2scope.cli.options;

import io.h2scope.engine.transport.FileProblems;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine;

/** A path option checked while the command line is parsed: a bad one is a usage error naming it, before any work. */
final class CheckedPath {

    private CheckedPath() {
    }

    /** {@code value} as a path, or the conversion error that {@code problem} (what to do with it) finds. */
    static Path convert(String value, Function<Path, Optional<String>> problem) {
        Path path;
        try {
            path = FileProblems.path(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
        problem.apply(path).ifPresent(p -> {
            throw new CommandLine.TypeConversionException(p);
        });
        return path;
    }
}
