package io.h2scope.cli.options;

import io.h2scope.engine.transport.FileProblems;

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
        return CheckedPath.convert(value, InputFile::problem);
    }

    /** Why {@code path} cannot be read, with what to do, or empty when it can. */
    public static Optional<String> problem(Path path) {
        return FileProblems.toRead(path);
    }
}
