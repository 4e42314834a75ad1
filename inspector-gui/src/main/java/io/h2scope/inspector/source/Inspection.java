package io.h2scope.inspector.source;

import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.redact.ReaderRedaction;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.model.EventReloader;
import io.h2scope.inspector.model.FrameFields;
import io.h2scope.inspector.model.Problems;
import io.h2scope.inspector.model.Recording;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What one inspector window looks at: a {@link Recording} and the sources that feed it. Each source is registered
 * with the recording and started; its problems and its end are kept as {@link Notice}s for the window to show (the
 * good events stay). Threads: sources call in from their own threads; listeners are told on those threads.
 */
public final class Inspection implements AutoCloseable {

    /** A line for the user about one source. */
    public record Notice(String source, String text, boolean ended) {
    }

    /** How far a source of known size has got: {@code done} of {@code total} octets, {@code events} delivered. */
    public record Progress(String source, long done, long total, long events) {
    }

    /** Told on the source's thread. */
    public interface NoticeListener {
        void notice(Notice notice);
    }

    private final Redaction reader;
    private final Recording recording;
    private final List<TraceSource> sources = new CopyOnWriteArrayList<>();
    private final List<ReaderRedaction> readings = new CopyOnWriteArrayList<>();
    private final List<Notice> notices = new CopyOnWriteArrayList<>();
    private final List<NoticeListener> listeners = new CopyOnWriteArrayList<>();
    private final Problems problems;
    private final Map<Integer, Progress> loading = new ConcurrentHashMap<>();
    private final Map<Integer, TraceSource> numbered = new ConcurrentHashMap<>();
    private final Map<Integer, String> states = new ConcurrentHashMap<>();
    private final List<Runnable> activityListeners = new CopyOnWriteArrayList<>();

    /** Credentials hidden ({@link Redaction#DEFAULT}). */
    public Inspection() {
        this(Redaction.DEFAULT);
    }

    /**
     * @param reader what the window hides: its names (the credentials and {@code H2SCOPE_TRACE_REDACT}'s) and whether
     *               it shows them after all ({@code inspect --reveal}) where a recording holds them
     */
    public Inspection(Redaction reader) {
        this(reader, FrameFields.MAX_STRINGS);
    }

    /** @param fieldStrings the recording's bound on field names and values kept ({@code inspect --field-strings}) */
    public Inspection(Redaction reader, int fieldStrings) {
        this.reader = reader;
        this.recording = new Recording(reader, fieldStrings);
        this.problems = new Problems(recording);
    }

    public Recording recording() {
        return recording;
    }

    /** What went wrong in every source, as the events arrive. */
    public Problems problems() {
        return problems;
    }

    /** What the window hides, as it was opened. */
    public Redaction redaction() {
        return reader;
    }

    /**
     * For the status line: that credentials are shown ({@code inspect --reveal}: where a recording holds them), or
     * that a recording holds them in clear (made with {@code H2SCOPE_TRACE_REVEAL=1}) and they are hidden here; null
     * when neither.
     */
    public String privacyNote() {
        boolean inClear = readings.stream().anyMatch(ReaderRedaction::recordedInClear);
        if (reader.reveal()) {
            return inClear ? "credentials shown in clear (--reveal)"
                    : "--reveal: no recording here holds credentials in clear";
        }
        return inClear ? "a recording holds credentials in clear (H2SCOPE_TRACE_REVEAL=1): hidden here, inspect --reveal"
                + " shows them" : null;
    }

    public void addNoticeListener(NoticeListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Told, on the source's thread, when a source's progress or state changed (often: coalesce before drawing). */
    public void addActivityListener(Runnable listener) {
        activityListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Every notice so far, oldest first. */
    public List<Notice> notices() {
        return new ArrayList<>(notices);
    }

    /** The sources opened so far, in order. */
    public List<TraceSource> sources() {
        return List.copyOf(sources);
    }

    /**
     * Registers {@code source} with the recording and starts it; returns its source number (its first: a source that
     * {@link SourceSink#restarted restarts} gets another for the events after).
     */
    public int open(TraceSource source) {
        // every event the window holds or reads again passes here: what this window hides is hidden in all views
        ReaderRedaction reading = new ReaderRedaction(reader);
        readings.add(reading);
        EventReloader reloader = source.reloader();
        int first = recording.addSource(source.name(), reloader == null ? null
                : position -> reading.apply(reloader.reload(position), true));
        sources.add(source);
        numbered.put(first, source);
        source.start(new SourceSink() {
            private long events; // the source's thread's
            private int number = first; // the source's thread's: a new one after a restart

            @Override
            public void restarted(String name) {
                int next = recording.addSource(name);
                problems.ended(number); // the connections of the run before end with it
                states.remove(number);
                loading.remove(number);
                numbered.put(next, source);
                number = next;
            }

            @Override
            public void events(List<TraceEvent> batch) {
                List<TraceEvent> shown = hidden(reading, batch);
                recording.append(number, shown);
                problems.accept(number, shown);
                events += batch.size();
            }

            @Override
            public void events(List<TraceEvent> batch, long[] positions) {
                List<TraceEvent> shown = hidden(reading, batch);
                recording.appendPositions(number, shown, positions);
                problems.accept(number, shown);
                events += batch.size();
            }

            @Override
            public Redaction redaction() {
                return reader;
            }

            @Override
            public void problem(String line) {
                tell(new Notice(source.name(), line, false));
            }

            @Override
            public void progress(long done, long total) {
                loading.put(number, new Progress(source.name(), done, total, events));
                active();
            }

            @Override
            public void state(String line) {
                states.put(number, line);
                active();
            }

            @Override
            public void ended(String why) {
                loading.remove(number);
                states.remove(number);
                problems.ended(number);
                tell(new Notice(source.name(), why, true));
            }
        });
        return first;
    }

    private static List<TraceEvent> hidden(ReaderRedaction reading, List<TraceEvent> batch) {
        List<TraceEvent> out = new ArrayList<>(batch.size());
        for (TraceEvent e : batch) {
            out.add(reading.apply(e, true));
        }
        return out;
    }

    /** The sources still loading, with how far each has got. */
    public List<Progress> progress() {
        return new ArrayList<>(new TreeMap<>(loading).values());
    }

    /** What the sources that say so are doing now (attached to what, since when), in source order. */
    public List<String> states() {
        return new ArrayList<>(new TreeMap<>(states).values());
    }

    /**
     * Cancels every source still loading a file ({@link TraceSource#cancel}): each keeps what it read and ends with a
     * notice; the number of sources cancelled.
     */
    public int cancelLoading() {
        int cancelled = 0;
        for (Integer number : loading.keySet()) {
            if (numbered.get(number).cancel()) {
                cancelled++;
            }
        }
        return cancelled;
    }

    private void active() {
        for (Runnable r : activityListeners) {
            r.run();
        }
    }

    private void tell(Notice notice) {
        notices.add(notice);
        for (NoticeListener l : listeners) {
            l.notice(notice);
        }
    }

    @Override
    public void close() {
        for (TraceSource s : sources) {
            s.close();
        }
    }
}
