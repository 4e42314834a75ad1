package io.h2scope.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;

/**
 * A file the command reads ({@code --cert}, {@code --file}, a trace): checked while the command line is
 * parsed, so a wrong path is a usage error that names it, before any work starts.
 */
public final class InputFile implements CommandLine.ITypeConverter<Path> {

    @Override
    public Path convert(String value) {
        Path path;
        try {
            path = Path.of(value);
        } catch (InvalidPathException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a path: " + e.getReason());
        }
        problem(path).ifPresent(p -> {
            throw new CommandLine.TypeConversionException(p);
        });
        return path;
    }

    /** Why {@code path} cannot be read, with what to do, or empty when it can. */
    public static Optional<String> problem(Path path) {
        if (!Files.exists(path)) {
            return Optional.of("no such file '" + path + "'; check the path");
        }
        if (Files.isDirectory(path)) {
            return Optional.of("'" + path + "' is a directory; give a file");
        }
        if (!Files.isReadable(path)) {
            return Optional.of("cannot read '" + path + "' (permission denied)");
        }
        return Optional.empty();
    }
}
