package io.h2scope.inspector.model;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.ConnectionLeg;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.FrameDescriber;
import io.h2scope.engine.trace.text.Redaction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The linked legs among a list of events (an intermediary case's exchange: connections opened with a
 * {@link ConnectionLeg}): the front's connections and the origin's, each with its lines as they went, a frame either
 * way or an HTTP/1.1 message's octets, so the two can be read side by side. Empty when no connection is a leg.
 */
public record LinkedLegs(List<Leg> front, List<Leg> origin) {

    public LinkedLegs {
        front = List.copyOf(front);
        origin = List.copyOf(origin);
    }

    /** One connection of a leg and its lines. */
    public record Leg(ConnectionOpened opened, List<Line> lines) {
        public Leg {
            lines = List.copyOf(lines);
        }

        /** "front of proxy/8.2.2/te-gzip h2sm0123456789ab". */
        public String what() {
            return opened.leg().toString();
        }

        /** How it ran, e.g. "client, h2c, 127.0.0.1:41234 -> 127.0.0.1:8080, the other leg: connection 7". */
        public String how() {
            return opened.role().name().toLowerCase(Locale.ROOT)
                    + (opened.transport() == null ? "" : ", " + opened.transport())
                    + (opened.local() == null ? "" : ", " + opened.local() + " -> " + opened.remote());
        }
    }

    /**
     * A line of a leg: a frame ({@code frame}: its place among the connection's frames, as the recording numbers them)
     * or an HTTP/1.1 message ({@code frame} -1), {@code text} what it says, as many lines as the message has.
     */
    public record Line(long connection, int frame, String text) {
    }

    public boolean isEmpty() {
        return front.isEmpty() && origin.isEmpty();
    }

    /** The legs among {@code events}, their field values shown as {@code redaction} says. */
    public static LinkedLegs of(List<? extends TraceEvent> events, Redaction redaction) {
        Map<Long, ConnectionOpened> legs = new LinkedHashMap<>();
        Map<Long, List<Line>> lines = new LinkedHashMap<>();
        Map<Long, Integer> frames = new LinkedHashMap<>();
        for (TraceEvent e : events) {
            if (e instanceof ConnectionOpened o && o.leg() != null) {
                legs.put(o.connectionId(), o);
                lines.put(o.connectionId(), new ArrayList<>());
                frames.put(o.connectionId(), 0);
                continue;
            }
            List<Line> of = lines.get(e.connectionId());
            if (of == null) {
                continue;
            }
            if (e instanceof FrameEvent f) {
                int n = frames.merge(e.connectionId(), 1, Integer::sum) - 1;
                of.add(new Line(e.connectionId(), n, time(f.nanosSinceStart()) + (f.direction() == Direction.OUTBOUND
                        ? " >> " : " << ") + FrameType.nameOf(f.header().typeCode()) + " stream=" + f.header().streamId()
                        + FrameDescriber.summary(f, redaction, false)));
            } else if (e instanceof Http1Head h) {
                of.add(new Line(e.connectionId(), -1, time(h.nanosSinceStart()) + (h.sent() ? " >> " : " << ")
                        + "HTTP/1.1 " + (h.sent() ? "sent" : "received") + "\n"
                        + Redaction.head(h.head(), redaction::value)));
            }
        }
        List<Leg> front = new ArrayList<>();
        List<Leg> origin = new ArrayList<>();
        legs.forEach((id, opened) -> (opened.leg().name().equals(ConnectionLeg.FRONT) ? front : origin)
                .add(new Leg(opened, lines.get(id))));
        return new LinkedLegs(front, origin);
    }

    /** "+0.001234s": as a case's evidence times its lines. */
    private static String time(long nanos) {
        return String.format(Locale.ROOT, "+%.6fs", nanos / 1e9);
    }
}
