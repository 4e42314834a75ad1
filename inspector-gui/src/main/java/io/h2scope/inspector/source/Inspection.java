package io.h2scope.inspector.source;

import io.h2scope.engine.trace.model.TraceEvent;
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

    /** How far a source of known size has got: {@code done} of {@code total} octets. */
    public record Progress(String source, long done, long total) {
    }

    /** Told on the source's thread. */
    public interface NoticeListener {
        void notice(Notice notice);
    }

    private final Recording recording = new Recording();
    private final List<TraceSource> sources = new CopyOnWriteArrayList<>();
    private final List<Notice> notices = new CopyOnWriteArrayList<>();
    private final List<NoticeListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<Integer, Progress> loading = new ConcurrentHashMap<>();

    public Recording recording() {
        return recording;
    }

    public void addNoticeListener(NoticeListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Every notice so far, oldest first. */
    public List<Notice> notices() {
        return new ArrayList<>(notices);
    }

    /** Registers {@code source} with the recording and starts it; returns its source number. */
    public int open(TraceSource source) {
        int number = recording.addSource(source.name(), source.reloader());
        sources.add(source);
        source.start(new SourceSink() {
            @Override
            public void events(List<TraceEvent> batch) {
                recording.append(number, batch);
            }

            @Override
            public void events(List<TraceEvent> batch, long[] positions) {
                recording.appendPositions(number, batch, positions);
            }

            @Override
            public void problem(String line) {
                tell(new Notice(source.name(), line, false));
            }

            @Override
            public void progress(long done, long total) {
                loading.put(number, new Progress(source.name(), done, total));
            }

            @Override
            public void ended(String why) {
                loading.remove(number);
                tell(new Notice(source.name(), why, true));
            }
        });
        return number;
    }

    /** The sources still loading, with how far each has got. */
    public List<Progress> progress() {
        return new ArrayList<>(new TreeMap<>(loading).values());
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
