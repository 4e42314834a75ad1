package io.h2scope.conformance.targets.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

/**
 * The last part of a server's logs, for a failure message: servers write octets that are not UTF-8 (a client's
 * garbage echoed into an error log, a TLS record), which are shown as U+FFFD instead of hiding the whole log, and a
 * log of gigabytes is not read to show its last few thousand characters.
 */
public final class LogTails {

    private LogTails() {
    }

    /** Every regular file in {@code logsDir} but pid files, by name, each headed by its name and cut to its last {@code chars}. */
    public static String of(Path logsDir, int chars) {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> files = Files.list(logsDir)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".pid")).sorted().toList()) {
                out.append("--- ").append(file.getFileName()).append(" ---\n").append(tail(file, chars));
            }
        } catch (IOException | UncheckedIOException e) {
            out.append("(logs in ").append(logsDir).append(" unreadable: ").append(e).append(')');
        }
        return out.toString();
    }

    /** The last {@code chars} characters of {@code text}, marked with a leading ellipsis when cut. */
    public static String tail(String text, int chars) {
        return text.length() > chars ? "…" + text.substring(text.length() - chars) : text;
    }

    private static String tail(Path file, int chars) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            int read = (int) Math.min(size, 4L * chars); // a UTF-8 character is at most 4 octets
            ByteBuffer octets = ByteBuffer.allocate(read);
            long at = size - read;
            while (octets.hasRemaining() && channel.read(octets, at + octets.position()) > 0) {
                // reads until the buffer is full or the file ends (it may be written meanwhile)
            }
            String text = new String(octets.array(), 0, octets.position(), StandardCharsets.UTF_8);
            return read < size && text.length() <= chars ? "…" + text : tail(text, chars);
        }
    }
}
