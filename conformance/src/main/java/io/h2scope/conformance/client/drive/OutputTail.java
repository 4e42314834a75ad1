package io.h2scope.conformance.client.drive;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The last octets a command printed, up to a cap, and how many it printed in all: a client that prints megabytes
 * costs the run only the cap.
 */
final class OutputTail {

    /** How much of a command's output is kept: its last 16 KiB. */
    static final int DEFAULT_CAP = 16 * 1024;

    private final byte[] ring;
    private long total;

    OutputTail(int cap) {
        this.ring = new byte[cap];
    }

    synchronized void append(byte[] octets, int from, int length) {
        for (int i = 0; i < length; i++) {
            ring[(int) ((total + i) % ring.length)] = octets[from + i];
        }
        total += length;
    }

    /** How many octets the command printed. */
    synchronized long total() {
        return total;
    }

    /** The kept octets as text (UTF-8, a character cut at the start replaced). */
    synchronized String text() {
        int kept = (int) Math.min(total, ring.length);
        byte[] out = new byte[kept];
        int start = (int) ((total - kept) % ring.length);
        for (int i = 0; i < kept; i++) {
            out[i] = ring[(start + i) % ring.length];
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    /** The last {@code n} lines kept, joined by " | ", with a note of how much was printed when it was cut. */
    String lastLines(int n) {
        String text = text().strip();
        List<String> lines = Arrays.asList(text.split("\r?\n"));
        List<String> last = lines.subList(Math.max(0, lines.size() - n), lines.size());
        String joined = String.join(" | ", last);
        long shown = total();
        return lines.size() > n || shown > ring.length
                ? "... " + joined + " (" + shown + " octets printed in all)" : joined;
    }
}
