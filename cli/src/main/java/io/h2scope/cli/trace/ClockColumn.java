package io.h2scope.cli.trace;

import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.ClockText;
import io.h2scope.engine.trace.text.TraceText;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The time column of printed trace lines: the time of day under a line naming the date and zone, written again each
 * time the date changes; or seconds since the event's connection started, when asked ({@code --relative}) or when
 * the connection's clock is not known (its opening is not in what was read).
 */
final class ClockColumn {

    private final ZoneId zone;
    private final boolean relative;
    private final String zoneName;
    private String date;

    ClockColumn(ZoneId zone, boolean relative) {
        this.zone = zone;
        this.relative = relative;
        this.zoneName = zone.equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }

    /** The time to print for {@code event} at {@code clock} (null: not known), after the date line when the date changed. */
    String time(TraceEvent event, Instant clock, PrintWriter out) {
        if (relative || clock == null) {
            return TraceText.time(event.nanosSinceStart());
        }
        String day = ClockText.date(clock, zone);
        if (!day.equals(date)) {
            out.println("--- " + day + " " + zoneName + " ---");
            date = day;
        }
        return ClockText.timeOfDay(clock, zone);
    }
}
