package io.h2scope.engine.transport;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Why a file named by a user cannot be used, in one line with what to do: the one wording for the command line's
 * options and the inspector's fields, checked before any work starts.
 */
public final class FileProblems {

    private FileProblems() {
    }

    /**
     * {@code text} as a path.
     *
     * @throws IllegalArgumentException {@code 'TEXT' is not a path: why}
     */
    public static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("'" + text + "' is not a path: " + e.getReason(), e);
        }
    }

    /** Why {@code path} cannot be read, with what to do, or empty when it can. */
    public static Optional<String> toRead(Path path) {
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

    /** Why {@code path} cannot be appended to (it is made when missing), with what to do, or empty when it can. */
    public static Optional<String> toAppend(Path path) {
        if (Files.isDirectory(path)) {
            return Optional.of("'" + path + "' is a directory; give a file");
        }
        if (Files.exists(path)) {
            return Files.isWritable(path) ? Optional.empty()
                    : Optional.of("cannot write '" + path + "' (permission denied)");
        }
        Path parent = path.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return Optional.of("no directory '" + parent + "' to make '" + path + "' in; check the path");
        }
        if (!Files.isWritable(parent)) {
            return Optional.of("cannot make '" + path + "' in '" + parent + "' (permission denied)");
        }
        return Optional.empty();
    }
}
