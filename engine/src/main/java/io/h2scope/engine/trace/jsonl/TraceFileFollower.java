package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Follows a JSONL trace that a running engine is writing ({@code H2SCOPE_TRACE_FILE}): each {@link #poll} hands over
 * the whole lines added since the last, and keeps a line being written for the next. When the writer rolls the file
 * ({@link RollingFile}: the file becomes {@code FILE.1} and a new {@code FILE} starts), the follower first reads what
 * is left of the old file through the handle it holds, then the new file from its start: no line is lost or read
 * twice, as long as the file rolls at most twice between two polls (a third roll replaces a {@code FILE.1} not yet
 * read). A file that shrinks in place (truncated) is read again from its start. Not thread-safe: one poller.
 */
public final class TraceFileFollower implements AutoCloseable {

    /** Told of each whole line; {@code file} is the name it has now ({@code FILE} or, after a roll, {@code FILE.1}). */
    public interface Handler {
        void line(byte[] octets, int from, int to, long number, Path file) throws IOException;
    }

    private final Path path;
    private final Path previous;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    private FileChannel channel;
    private Object fileKey;
    private JsonlLineSplitter lines = new JsonlLineSplitter();
    private long rolls;
    private long handed;

    public TraceFileFollower(Path path) {
        this.path = Objects.requireNonNull(path, "path");
        this.previous = path.resolveSibling(path.getFileName() + ".1");
    }

    public Path path() {
        return path;
    }

    /** Rolls seen so far. */
    public long rolls() {
        return rolls;
    }

    /**
     * Hands over the lines added since the last call, across a roll; returns how many.
     *
     * @throws NoSuchFileException if the file does not exist (yet) and was never opened
     */
    public long poll(Handler handler) throws IOException {
        long before = handed;
        if (channel == null) {
            open();
        }
        drain(handler, path);
        Object now = keyOf(path);
        if (now != null && !now.equals(fileKey)) {
            // rolled: the writer closed the old file whole, and what the old handle still holds is FILE.1's end
            drain(handler, previous);
            channel.close();
            Object older = keyOf(previous);
            if (older != null && !older.equals(fileKey) && !older.equals(now)) {
                // rolled twice since the last poll: the file between is FILE.1 now, whole
                channel = FileChannel.open(previous, StandardOpenOption.READ);
                lines = new JsonlLineSplitter();
                drain(handler, previous);
                channel.close();
                rolls++;
            }
            rolls++;
            channel = null;
            open(); // the writer made the new file before the key changed
            drain(handler, path);
        } else if (channel.size() < channel.position()) {
            channel.position(0); // truncated in place: a new recording
            lines = new JsonlLineSplitter();
        }
        return handed - before;
    }

    private void open() throws IOException {
        while (true) { // the key read before and after opening agree: the handle is of that file
            Object key = keyOf(path);
            channel = FileChannel.open(path, StandardOpenOption.READ);
            fileKey = keyOf(path);
            if (Objects.equals(key, fileKey)) {
                break;
            }
            channel.close();
        }
        lines = new JsonlLineSplitter(); // each file's lines are numbered from 1
    }

    private void drain(Handler handler, Path name) throws IOException {
        while (true) {
            buffer.clear();
            int n = channel.read(buffer);
            if (n <= 0) {
                return;
            }
            lines.feed(buffer.array(), 0, n, (octets, from, to, number) -> {
                handed++;
                handler.line(octets, from, to, number, name);
            });
        }
    }

    private static Object keyOf(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return attributes.fileKey();
        } catch (IOException e) {
            return null; // between the writer's move and its new file
        }
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }
}
