package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Follows a JSONL trace that a running engine is writing ({@code H2SCOPE_TRACE_FILE}): each {@link #poll} hands over
 * the whole lines added since the last, and keeps a line being written for the next. When the writer rolls the file
 * ({@link RollingFile}: the file becomes {@code FILE.1} and a new {@code FILE} starts), the follower first reads what
 * is left of the old file through the handle it holds, then the new file from its start: no line is lost or read
 * twice, as long as the file rolls at most twice between two polls (a third roll replaces a {@code FILE.1} not yet
 * read). A file that shrinks in place (truncated) is read again from its start. Not thread-safe: one poller.
 *
 * <p>A follower made {@link #keepingFiles} keeps each file it read open until it is closed, so that a line can be read
 * again at its {@link #position()} from any thread ({@link #lineAt}), even after the file rolled away or was removed
 * (the system frees a removed file's octets only when its last handle closes).
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

    /** Octets of a position that say where in its file; the bits above say which file ({@link #position()}). */
    private static final int OFFSET_BITS = 40;

    private final boolean keep;
    /** What was read, in order, when kept: a file each (a file truncated in place starts another, over the same handle). */
    private final List<FileChannel> files = new CopyOnWriteArrayList<>();
    private final Set<Integer> overwritten = ConcurrentHashMap.newKeySet();
    private int fileNumber; // files started so far

    public TraceFileFollower(Path path) {
        this(path, false);
    }

    private TraceFileFollower(Path path, boolean keep) {
        this.path = Objects.requireNonNull(path, "path");
        this.previous = RollingFile.previousOf(path);
        this.keep = keep;
    }

    /** A follower that keeps the files it read open, so that its lines can be read again ({@link #lineAt}). */
    public static TraceFileFollower keepingFiles(Path path) {
        return new TraceFileFollower(path, true);
    }

    /**
     * Inside {@link Handler#line}: where the line being handed over is, for {@link #lineAt}: the file it is in (the
     * n-th this follower read) and the octet it begins at there.
     */
    public long position() {
        return (long) (fileNumber - 1) << OFFSET_BITS | lines.lineStart();
    }

    /**
     * The line at {@code position} (from {@link #position()}), read again from its file without its terminator; any
     * thread. Only for a follower {@link #keepingFiles}.
     *
     * @throws IOException when the file was truncated and written over since (its old lines are gone), or closed
     */
    public byte[] lineAt(long position) throws IOException {
        int file = (int) (position >>> OFFSET_BITS);
        if (!keep || file >= files.size()) {
            throw new IllegalArgumentException("no line kept at position " + position);
        }
        if (overwritten.contains(file)) {
            throw new IOException(path + " was truncated and written over since that line was read: it is gone");
        }
        return FileLines.lineAt(files.get(file), position & ((1L << OFFSET_BITS) - 1));
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
     * @throws TraceFormatException when the line being written cannot become a trace event (a binary or text file
     *         without a line end: waiting for one would never end)
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
            release(channel);
            Object older = keyOf(previous);
            if (older != null && !older.equals(fileKey) && !older.equals(now)) {
                // rolled twice since the last poll: the file between is FILE.1 now, whole
                channel = FileChannel.open(previous, StandardOpenOption.READ);
                started(channel);
                drain(handler, previous);
                release(channel);
                rolls++;
            }
            rolls++;
            channel = null;
            open(); // the writer made the new file before the key changed
            drain(handler, path);
        } else if (channel.size() < channel.position()) {
            channel.position(0); // truncated in place: a new recording
            if (keep) {
                overwritten.add(fileNumber - 1);
            }
            started(channel);
        }
        if (lines.pendingIsNoObject()) {
            throw new TraceFormatException(lines.lines() + 1, "not JSON (it does not start with '{'), and no line "
                    + "end follows", null);
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
        started(channel);
    }

    /** A file (or a file over again) is read from its start: its lines are numbered from 1, its octets from 0. */
    private void started(FileChannel file) {
        lines = new JsonlLineSplitter();
        fileNumber++;
        if (keep) {
            files.add(file);
        }
    }

    private void release(FileChannel file) throws IOException {
        if (!keep) {
            file.close();
        }
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
        for (FileChannel file : files) {
            file.close();
        }
    }
}
