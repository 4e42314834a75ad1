package io.h2scope.engine.trace.redact;

import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.text.Redaction;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a reader of traces ({@code trace print}, {@code trace follow}, the inspector) hides, connection by connection:
 * its own names and those the connection's {@code opened} event says its recording redacted
 * ({@link Redaction#reading}), values shown only when the reader asks ({@code --reveal}) and the recording holds them.
 * Events of a connection whose recording hid every such name already pass as they are; the others (a recording made
 * with {@code H2SCOPE_TRACE_REVEAL=1}, by a build that did not redact, or in this process) get their values replaced
 * here, the octets of field blocks too when asked ({@link EventRedaction}). Thread-safe: a source's thread and the
 * views' threads may ask at once.
 */
public final class ReaderRedaction {

    /** One connection's: what to show its values with, and whether its events still need filling. */
    private record Reading(Redaction redaction, EventRedaction events, boolean filled) {
    }

    private final Redaction reader;
    private final Reading unknown;
    private final Map<Long, Reading> connections = new ConcurrentHashMap<>();
    private volatile boolean recordedInClear;

    /** @param reader the reader's names, and whether it asks to see values ({@code --reveal}) */
    public ReaderRedaction(Redaction reader) {
        this.reader = reader;
        this.unknown = new Reading(reader, new EventRedaction(reader), false);
    }

    /** The redaction to show connection {@code connectionId}'s values with (the reader's before its opening is seen). */
    public Redaction of(long connectionId) {
        return reading(connectionId).redaction();
    }

    /** Whether a connection seen so far was recorded with credentials in clear ({@code H2SCOPE_TRACE_REVEAL=1}). */
    public boolean recordedInClear() {
        return recordedInClear;
    }

    /**
     * The event as this reader shows it: an {@code opened} event says what the reader shows of its connection
     * (its privacy now the reader's); any other has the values hidden that its recording did not hide already, in
     * the field block octets too with {@code octets}.
     */
    public TraceEvent apply(TraceEvent event, boolean octets) {
        if (event instanceof ConnectionOpened o) {
            TracePrivacy recorded = o.privacy();
            Redaction shown = reader.reading(recorded);
            boolean filled = recorded != null && !recorded.revealed()
                    && recorded.redacted().containsAll(shown.names());
            connections.put(o.connectionId(), new Reading(shown, new EventRedaction(shown), filled));
            if (recorded != null && recorded.revealed()) {
                recordedInClear = true;
            }
            return o.withPrivacy(shown.privacy(recorded == null ? TracePrivacy.ALL_DATA : recorded.dataMax()));
        }
        Reading r = reading(event.connectionId());
        return r.filled() || r.redaction().reveal() ? event : r.events().apply(event, octets);
    }

    private Reading reading(long connectionId) {
        Reading r = connections.get(connectionId);
        return r != null ? r : unknown;
    }
}
