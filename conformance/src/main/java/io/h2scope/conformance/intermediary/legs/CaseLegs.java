package io.h2scope.conformance.intermediary.legs;

import io.h2scope.conformance.peer.EntryDirection;
import io.h2scope.conformance.peer.Evidence;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.engine.trace.model.ConnectionLeg;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.redact.RedactingSink;
import io.h2scope.engine.trace.text.Redaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One case's two legs as they are recorded: each connection of the client in front, and what each origin connection
 * carried for the case's marked requests (its streams, its messages), one {@link Evidence} per connection. {@link #entries()} is the case's evidence: the front legs'
 * lines, then the origin legs', each connection's opening naming its leg, the case and its markers
 * ({@link ConnectionLeg}) and the other leg ({@link ConnectionOpened#pair()}: the first connection of the other side).
 * Closing it ends the recording. Thread-safe.
 */
public final class CaseLegs implements AutoCloseable {

    /**
     * DATA octets a leg keeps per stream by default ({@link LegCaps}): enough to read a body's start, while a case that
     * moves megabytes (large bodies, the slow client) keeps no more than this of each stream in memory and in its result.
     */
    public static final int DATA_KEPT = 4096;
    /** Field values are the evidence (a cookie's crumbs, an injected CR): kept, the inspector hides them on display. */
    private static final Redaction KEPT_VALUES = Redaction.DEFAULT.revealing(true);

    private final String caseId;
    private final LegRecorder recorder;
    private final List<Evidence> fronts = new ArrayList<>();
    private final Map<OriginLeg, Evidence> origins = new LinkedHashMap<>();
    private final Map<OriginLeg, TraceSink> originSinks = new LinkedHashMap<>();
    private final Set<String> markers = new LinkedHashSet<>();

    /** DATA octets each stream keeps. */
    private final int dataKept;

    CaseLegs(String caseId, LegRecorder recorder, int dataKept) {
        this.caseId = caseId;
        this.recorder = recorder;
        this.dataKept = dataKept;
    }

    /** Where a front connection's events go: its evidence, timed from {@code startNanos}. */
    synchronized TraceSink front(long startNanos) {
        Evidence evidence = noted(new Evidence(startNanos));
        fronts.add(evidence);
        return kept(evidence);
    }

    /** Where what {@code leg} carries for this case goes: its evidence, begun with the connection's opening. */
    synchronized TraceSink origin(OriginLeg leg) {
        return originSinks.computeIfAbsent(leg, l -> {
            Evidence evidence = noted(new Evidence(l.startNanos()));
            origins.put(l, evidence);
            TraceSink sink = kept(evidence);
            sink.onEvent(l.opened());
            return sink;
        });
    }

    /** {@code evidence} behind a sink that keeps {@link #dataKept} octets of each stream's DATA. */
    private TraceSink kept(Evidence evidence) {
        return RedactingSink.wrap(evidence, KEPT_VALUES, dataKept);
    }

    /** A marker the case put on a request: both legs' openings name it. */
    synchronized void marked(String marker) {
        markers.add(marker);
    }

    private static Evidence noted(Evidence evidence) {
        // the scripts read and write on the peers themselves: which side broke a rule is not known here
        evidence.feeding(EntryDirection.NOTE, false);
        return evidence;
    }

    /** The case's lines so far: each front connection's, then each origin connection's, their openings linked. */
    public synchronized List<TraceEntry> entries() {
        List<List<TraceEntry>> front = fronts.stream().map(Evidence::entries).filter(l -> !l.isEmpty()).toList();
        List<List<TraceEntry>> origin = origins.values().stream().map(Evidence::entries).filter(l -> !l.isEmpty()).toList();
        String of = (caseId + " " + String.join(" ", markers)).strip();
        long firstFront = first(front);
        long firstOrigin = first(origin);
        List<TraceEntry> lines = new ArrayList<>();
        for (List<TraceEntry> connection : front) {
            lines.add(new TraceEntry(0, EntryDirection.NOTE, "front leg: h2scope's client to the intermediary"));
            lines.addAll(linked(connection, new ConnectionLeg(ConnectionLeg.FRONT, of), firstOrigin));
        }
        for (List<TraceEntry> connection : origin) {
            lines.add(new TraceEntry(0, EntryDirection.NOTE, "origin leg: the intermediary to h2scope's origin"));
            lines.addAll(linked(connection, new ConnectionLeg(ConnectionLeg.ORIGIN, of), firstFront));
        }
        return lines;
    }

    /** The id of the first connection among {@code connections}, or {@link ConnectionOpened#NO_PAIR}. */
    private static long first(List<List<TraceEntry>> connections) {
        for (List<TraceEntry> lines : connections) {
            for (TraceEntry line : lines) {
                if (line.event() != null) {
                    return line.event().connectionId();
                }
            }
        }
        return ConnectionOpened.NO_PAIR;
    }

    /** {@code lines} with the connection's opening (among the first line's effects) named as {@code leg} of a pair. */
    private static List<TraceEntry> linked(List<TraceEntry> lines, ConnectionLeg leg, long other) {
        List<TraceEntry> out = new ArrayList<>(lines.size());
        for (TraceEntry line : lines) {
            if (line.effects().stream().anyMatch(e -> e instanceof ConnectionOpened)) {
                List<TraceEvent> effects = line.effects().stream()
                        .map(e -> e instanceof ConnectionOpened o ? o.linked(leg, other) : e).toList();
                line = new TraceEntry(line.nanos(), line.direction(), line.text(), line.event(), effects);
            }
            out.add(line);
        }
        return out;
    }

    @Override
    public void close() {
        recorder.ended(this);
    }
}
