package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * An append-only file with a size cap: a line that would take it past {@code maxBytes} first moves
 * it to {@code <file>.1} (replacing the previous one) and starts the file again, so the two together
 * never hold much more than twice the cap. Lines are written whole, each with one write call, so a
 * crash loses at most the line being written. Thread-safe.
 */
public final class RollingFile implements AutoCloseable {

    private final Path path;
    private final Path previous;
    private final long maxBytes;
    private FileChannel channel;
    private long size;

    public RollingFile(Path path, long maxBytes) throws IOException {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive");
        }
        this.path = path;
        this.previous = path.resolveSibling(path.getFileName() + ".1");
        this.maxBytes = maxBytes;
        open();
    }

    /** The file that holds the older half of the trace after a roll. */
    public Path previous() {
        return previous;
    }

    /** Appends {@code line} (which must end with its newline). */
    public synchronized void append(byte[] line) throws IOException {
        if (channel == null) {
            throw new IOException("the trace file " + path + " is closed");
        }
        if (size > 0 && size + line.length > maxBytes) {
            roll();
        }
        ByteBuffer buffer = ByteBuffer.wrap(line);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        size += line.length;
    }

    private void roll() throws IOException {
        channel.close();
        Files.move(path, previous, StandardCopyOption.REPLACE_EXISTING);
        open();
    }

    private void open() throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        size = channel.size();
    }

    @Override
    public synchronized void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }
}
