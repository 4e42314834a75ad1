package io.h2scope.conformance.intermediary.legs;

/**
 * HTTP/1.1 octets as an {@link io.h2scope.engine.trace.model.Http1Head}'s text: one line per line as it went, a CRLF
 * line end shown as the line break alone, and every other octet that is not printable ASCII escaped ({@code \r} for
 * a bare CR, {@code \n} before the break of a bare LF, {@code \t}, {@code \xNN}), so a smuggled boundary reads as it
 * went; a run of {@link #RUN} or more of one octet (a body of zeros) as that octet once, {@code ×} and the count
 * ({@code \x00×4096}: {@code ×} is no ASCII, so it never stands for itself); at most the octets a run shows
 * ({@link LegCaps#shownOctets()}), then how many more there were.
 */
public final class Http1Text {

    /** The most octets of one message shown by default ({@link LegCaps}); the rest is counted. */
    public static final int SHOWN_OCTETS = 4096;

    /** The shortest run of one octet written as the octet and its count. */
    static final int RUN = 16;

    private Http1Text() {
    }

    /**
     * @param alsoSkipped octets that went after {@code octets} and were not kept
     * @param most        the most octets shown
     */
    public static String of(byte[] octets, long alsoSkipped, int most) {
        int shown = Math.min(octets.length, most);
        StringBuilder out = new StringBuilder(shown + 16);
        for (int i = 0; i < shown; i++) {
            int b = octets[i] & 0xff;
            if (b == '\r' && i + 1 < octets.length && octets[i + 1] == '\n') {
                continue; // the ordinary line end: the break below
            }
            switch (b) {
                case '\n' -> out.append(i > 0 && octets[i - 1] == '\r' ? "\n" : "\\n\n");
                case '\r' -> out.append("\\r");
                default -> {
                    out.append(b == '\t' ? "\\t" : b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b));
                    int run = runAt(octets, i, shown);
                    if (run >= RUN) {
                        out.append('×').append(run);
                        i += run - 1;
                    }
                }
            }
        }
        long more = octets.length - shown + alsoSkipped;
        if (more > 0) {
            out.append("\n… ").append(more).append(" more octets");
        }
        int end = out.length();
        while (end > 0 && out.charAt(end - 1) == '\n') {
            end--; // a head's final empty line: the message's end says it
        }
        return out.substring(0, end);
    }

    /** How many octets from {@code at} (before {@code end}) equal the one at {@code at}. */
    private static int runAt(byte[] octets, int at, int end) {
        int next = at + 1;
        while (next < end && octets[next] == octets[at]) {
            next++;
        }
        return next - at;
    }
}
