package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Opens the files traces write (a recording and its rolls, a TLS key log, an export): a file that does not exist yet
 * is created readable and writable by its owner only ({@code rw-------}), by the permissions given to the system
 * call that creates it, so that no other user can open it even for a moment. A file that exists keeps its mode. On a
 * file system without POSIX permissions the file is created as that file system makes files.
 */
public final class PrivateFiles {

    /** {@code rw-------}. */
    public static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_ATTRIBUTE =
            PosixFilePermissions.asFileAttribute(OWNER_ONLY);

    private PrivateFiles() {
    }

    /** {@code path} opened to append to, created owner-only if it does not exist. */
    public static FileChannel append(Path path) throws IOException {
        return open(path, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
    }

    /** {@code path} opened to be written from its start (emptied if it exists), created owner-only if it does not. */
    public static OutputStream replace(Path path) throws IOException {
        return Channels.newOutputStream(open(path, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)));
    }

    private static FileChannel open(Path path, Set<OpenOption> options) throws IOException {
        try {
            return FileChannel.open(path, options, OWNER_ONLY_ATTRIBUTE);
        } catch (UnsupportedOperationException noPosix) {
            return FileChannel.open(path, options);
        }
    }
}
