package io.h2scope.conformance.client.drive;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The per-request report a client command prints, one line per request in any order:
 * {@code h2scope-outcome CODE STATUS OCTETS URL [MESSAGE]}, where CODE 0 means the client delivered the response to
 * its caller and anything else is its error code (curl's exit code for that transfer, an exception's name); STATUS is
 * 0 when no response head arrived, or, with CODE 0, when the client delivered a response it could not see (headless
 * Chromium's opaque fetch: status and length unknown). curl prints it with {@code -w}; the Node.js, Python, Go and
 * Chromium clients this package ships print it themselves.
 */
final class OutcomeLines {

    /** One request's report. */
    record Line(String code, int status, long octets, String url, String message) {
        boolean delivered() {
            return code.equals("0");
        }
    }

    static final String MARK = "h2scope-outcome";
    private static final Pattern LINE = Pattern.compile(MARK + " (\\S+) (\\d{1,3}) (\\d+) (\\S+)(?: (.*))?");

    private OutcomeLines() {
    }

    static List<Line> read(String output) {
        List<Line> lines = new ArrayList<>();
        for (String text : output.split("\r?\n")) {
            Matcher m = LINE.matcher(text);
            if (m.find()) {
                lines.add(new Line(m.group(1), Integer.parseInt(m.group(2)), Long.parseLong(m.group(3)), m.group(4),
                        m.group(5) == null ? "" : m.group(5).strip()));
            }
        }
        return lines;
    }
}
