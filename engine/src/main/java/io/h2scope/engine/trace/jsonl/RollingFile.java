package io.h2scope.engine.trace.jsonl;


import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * An append-only file with a size cap: a line that would take it past {@code maxBytes} first moves
 * it to {@code <file>.1} (replacing the previous one) and starts the file again, so the two together
 * never hold much more than twice the cap. Lines are written whole; several at once with {@link #appendLines}
 * roll where they would have one by one. Each file it creates is owner-only ({@link PrivateFiles}). Thread-safe.
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
        this.previous = previousOf(path);
        this.maxBytes = maxBytes;
        open();
    }

    /** The file that holds the older half of the trace after a roll. */
    public Path previous() {
        return previous;
    }

    /** Where a roll moves {@code path}: {@code <file>.1}. */
    public static Path previousOf(Path path) {
        return path.resolveSibling(path.getFileName() + ".1");
    }

    /** Appends {@code line} (which must end with its newline). */
    public synchronized void append(byte[] line) throws IOException {
        checkOpen();
        if (size > 0 && size + line.length > maxBytes) {
            roll();
        }
        write(ByteBuffer.wrap(line));
    }

    /**
     * Appends {@code lines} (from its position to its limit), whole lines each ending with its newline, with as
     * few write calls as the cap allows: the file rolls before the first line that would take it past the cap, as
     * {@link #append} of each would. Consumes the buffer.
     */
    public synchronized void appendLines(ByteBuffer lines) throws IOException {
        checkOpen();
        int limit = lines.limit();
        while (lines.position() < limit) {
            int from = lines.position();
            int room = (int) Math.min(limit - from, Math.max(0, maxBytes - size));
            int end = from + room == limit ? limit : afterLastNewline(lines, from, from + room);
            if (end == from) { // not even the next line fits
                if (size > 0) {
                    roll();
                    continue;
                }
                end = nextNewline(lines, from) + 1; // alone in a fresh file
            }
            write(lines.limit(end));
            lines.limit(limit);
        }
    }

    private static int afterLastNewline(ByteBuffer lines, int from, int limit) {
        for (int i = limit - 1; i >= from; i--) {
            if (lines.get(i) == '\n') {
                return i + 1;
            }
        }
        return from;
    }

    private static int nextNewline(ByteBuffer lines, int from) {
        for (int i = from; i < lines.limit(); i++) {
            if (lines.get(i) == '\n') {
                return i;
            }
        }
        return lines.limit() - 1; // a last line without its newline goes in whole
    }

    private void checkOpen() throws IOException {
        if (channel == null) {
            throw new IOException("the trace file " + path + " is closed");
        }
    }

    private void write(ByteBuffer buffer) throws IOException {
        int length = buffer.remaining();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        size += length;
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
        channel = PrivateFiles.append(path); // a new file (the first, or after a roll) is made owner-only
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
