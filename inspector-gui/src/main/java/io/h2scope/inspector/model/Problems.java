package io.h2scope.inspector.model;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.explain.ExplainLimits;
import io.h2scope.engine.trace.explain.Explainer;
import io.h2scope.engine.trace.explain.Finding;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What went wrong in what the window holds, as {@code trace explain} tells it ({@link Explainer}): every connection
 * that ended other than cleanly, stream reset, stall, unanswered PING or SETTINGS, GOAWAY that left streams behind,
 * idle close; one explainer per source (two sources may both have a connection 1). Fed the events as they arrive,
 * on the appending thread; read from any thread. A finding about a connection still open comes when the connection
 * closes or its source ends ({@link #ended}).
 */
public final class Problems {

    /** One finding, with the connection it is about in the window's terms. */
    public record Problem(Finding finding, ConnectionKey connection) {
    }

    private final Recording recording;
    private final Map<Integer, Explainer> explainers = new HashMap<>();
    private final List<Problem> found = new ArrayList<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public Problems(Recording recording) {
        this.recording = recording;
    }

    /** Told on the appending thread after findings were added. */
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    /** The next events of {@code source}, in its order. */
    public void accept(int source, List<? extends TraceEvent> batch) {
        int before;
        synchronized (this) {
            before = found.size();
            Explainer explainer = explainers.computeIfAbsent(source, s -> new Explainer(ExplainLimits.DEFAULTS,
                    f -> found.add(new Problem(f, new ConnectionKey(s, f.connectionId())))));
            batch.forEach(explainer::accept);
        }
        changedSince(before);
    }

    /** {@code source} has no more events: what its open connections show, as far as they go. */
    public void ended(int source) {
        int before;
        synchronized (this) {
            before = found.size();
            Explainer explainer = explainers.remove(source);
            if (explainer != null) {
                explainer.finish();
            }
        }
        changedSince(before);
    }

    /** Every problem so far, most severe first ({@link Finding#RANKING}). */
    public synchronized List<Problem> list() {
        List<Problem> ranked = new ArrayList<>(found);
        ranked.sort((a, b) -> Finding.RANKING.compare(a.finding(), b.finding()));
        return ranked;
    }

    public synchronized int count() {
        return found.size();
    }

    /**
     * The frame a view selects for {@code problem}: the connection's last frame at or before the finding's time of
     * the type it names (the GOAWAY or RST_STREAM that ended it), else its last frame at or before that time; -1 when
     * the connection has no frame then.
     */
    public int frameOf(Problem problem) {
        ConnectionHistory connection = recording.connection(problem.connection());
        if (connection == null || connection.frameCount() == 0) {
            return -1;
        }
        long at = problem.finding().nanosSinceStart();
        int lo = 0;
        int hi = connection.frameCount() - 1;
        int last = -1;
        while (lo <= hi) { // the last position whose frame is at or before the finding
            int mid = (lo + hi) >>> 1;
            if (recording.frame(connection.frameNumber(mid)).nanosSinceStart() <= at) {
                last = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (last < 0) {
            return -1;
        }
        String type = problem.finding().frame();
        for (int p = last; p >= Math.max(0, last - 64) && type != null; p--) {
            int frameNumber = connection.frameNumber(p);
            if (FrameType.nameOf(recording.frame(frameNumber).header().typeCode()).equals(type)) {
                return frameNumber;
            }
        }
        return connection.frameNumber(last);
    }

    private void changedSince(int before) {
        if (count() != before) {
            listeners.forEach(Runnable::run);
        }
    }
}
