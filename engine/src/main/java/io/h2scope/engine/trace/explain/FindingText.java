package io.h2scope.engine.trace.explain;

import io.h2scope.engine.trace.text.ClockText;
import io.h2scope.engine.trace.text.TraceText;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * A {@link Finding} as text, the way {@code trace explain} prints it (docs/TRACING.md, "Reading an explanation"):
 * in full, a headline then the recording's point of view, the rule and its sentence, the steps that led to it and
 * what looked wrong before; or {@link #brief} on one line. Times on the clock in {@code zone}, or since the
 * connection started for a recording without clock time.
 */
public final class FindingText {

    private FindingText() {
    }

    /** {@code CRITICAL 14:03:00.005000 conn=2 stream=3 We ended the connection ...}. */
    public static String brief(Finding f, ZoneId zone) {
        return f.severity() + " " + time(f.clock(), f.nanosSinceStart(), zone) + " " + where(f) + f.summary();
    }

    /** The finding on several lines, each step under the headline. */
    public static String full(Finding f, ZoneId zone) {
        StringBuilder text = new StringBuilder();
        text.append(f.severity()).append(' ');
        if (f.clock() != null) {
            text.append(ClockText.date(f.clock(), zone)).append(' ');
        }
        text.append(time(f.clock(), f.nanosSinceStart(), zone));
        if (f.clock() != null) {
            text.append(' ').append(zoneName(zone));
        }
        text.append(' ').append(where(f)).append(f.summary()).append('\n');
        text.append("  recorded by: ").append(recordedBy(f.viewpoint())).append('\n');
        if (f.rule() != null) {
            text.append("  ").append(f.rule().id() == null ? "rests on" : "rule " + f.rule().id()).append(": ")
                    .append(f.rule().spec());
            if (f.rule().sentence() != null) {
                text.append(": \"").append(f.rule().sentence()).append('"');
            }
            text.append('\n');
        }
        if (!f.steps().isEmpty()) {
            text.append("  how it came:\n");
            for (Finding.Step s : f.steps()) {
                text.append("    ").append(time(s.clock(), s.nanosSinceStart(), zone)).append(' ').append(s.text())
                        .append('\n');
            }
        }
        if (!f.before().isEmpty()) {
            text.append("  before it, on this connection:\n");
            f.before().forEach(b -> text.append("    ").append(b).append('\n'));
        }
        return text.toString();
    }

    /** Whose recording: {@code the server 127.0.0.1:8080, its peer 127.0.0.1:51000}. */
    public static String recordedBy(Finding.Viewpoint v) {
        if (v.role() == null) {
            return "an endpoint whose opening the recording does not hold";
        }
        String role = v.role().name().toLowerCase(Locale.ROOT);
        StringBuilder text = new StringBuilder();
        if (v.proxied()) {
            text.append("the proxy, on its leg to the ").append(v.role() == io.h2scope.engine.stream.Role.SERVER
                    ? "client" : "upstream").append(" (the other leg: connection ").append(v.pair())
                    .append("; it relays the client's and the upstream's frames unchanged)");
        } else {
            text.append("the ").append(role).append(" (\"we\")");
        }
        if (v.local() != null) {
            text.append(" at ").append(v.local());
        }
        if (v.remote() != null) {
            text.append(", its peer at ").append(v.remote());
        }
        return text.toString();
    }

    private static String where(Finding f) {
        StringBuilder text = new StringBuilder("conn=").append(f.connectionId()).append(' ');
        if (f.streamCount() == 1) {
            text.append("stream=").append(f.streams().get(0)).append(' ');
        } else if (f.streamCount() > 1) {
            text.append("streams=").append(f.streamCount()).append(' ');
        }
        return text.toString();
    }

    /** {@code 14:03:00.005000} on the clock, or {@code [   0.005000]} since the connection started. */
    private static String time(Instant clock, long nanos, ZoneId zone) {
        return clock == null ? TraceText.time(nanos) : ClockText.timeOfDay(clock, zone);
    }

    private static String zoneName(ZoneId zone) {
        return zone.equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }
}
