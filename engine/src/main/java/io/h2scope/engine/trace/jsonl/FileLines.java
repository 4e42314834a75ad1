package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/** A line of a JSONL file read again at the octet it begins at: how a recording kept as positions gets an event. */
public final class FileLines {

    private FileLines() {
    }

    /**
     * The line that begins at {@code position} of {@code file}, without its terminator (to the end of the file when it
     * has none). Positional reads: safe from any thread while others read the same channel.
     */
    public static byte[] lineAt(FileChannel file, long position) throws IOException {
        ByteBuffer line = ByteBuffer.allocate(16 * 1024);
        while (true) {
            int scanned = line.position();
            int n = file.read(line, position + line.position());
            for (int i = scanned; i < line.position(); i++) {
                if (line.get(i) == '\n') {
                    int end = i > 0 && line.get(i - 1) == '\r' ? i - 1 : i;
                    return Arrays.copyOf(line.array(), end);
                }
            }
            if (n < 0) {
                return Arrays.copyOf(line.array(), line.position());
            }
            if (!line.hasRemaining()) {
                line = ByteBuffer.allocate(line.capacity() * 2).put(line.flip());
            }
        }
    }
}
