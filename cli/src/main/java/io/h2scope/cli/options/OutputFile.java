package io.h2scope.cli.options;

import io.h2scope.engine.transport.FileProblems;

import java.nio.file.Path;
import picocli.CommandLine;

/**
 * A file the command writes ({@code --keylog}, {@code get -o}), made when missing: checked while the command line
 * is parsed, so a path that cannot be written is a usage error that names it, before any work starts.
 */
public final class OutputFile implements CommandLine.ITypeConverter<Path> {

    @Override
    public Path convert(String value) {
        return CheckedPath.convert(value, FileProblems::toAppend);
    }
}
