package io.h2scope.engine.trace.log;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.text.FrameLineMaker;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes trace events as text to the five categories, each fact in one of them only (so a line is never printed
 * twice when several are on):
 * <ul>
 *   <li>{@code frames} (debug): one {@link TraceText#frameLine line} per frame, every type (SETTINGS and GOAWAY
 *       included); at trace, the DATA bytes the trace keeps ({@code H2SCOPE_TRACE_DATA}) too.</li>
 *   <li>{@code hpack} (debug): each field block field by field with the dynamic table after it.</li>
 *   <li>{@code flow} (debug): every window change, connection and stream; (info) stalls and resumes.</li>
 *   <li>{@code state} (debug): every stream state transition, told by the connection as it happens.</li>
 *   <li>{@code conn} (info): the connection's life outside its frames: connect, TLS and ALPN or h2c, each
 *       side's settings in force, errors raised, the close (who, why, the GOAWAY's code); (warn) frames that
 *       broke a frame rule.</li>
 * </ul>
 * Field values are shown as its {@link Redaction} says ({@code <redacted N bytes>} for credentials, whatever the
 * level, unless {@code H2SCOPE_TRACE_REVEAL=1}). A line has no time of its own: it is logged as the event happens, on
 * the connection's thread, and the logging backend stamps it. One sink serves many connections; each connection calls
 * it from its own thread. Window tracking is kept per connection and dropped when the connection closes.
 */
public final class TextTraceSink implements TraceSink {

    /** A log line's time is the backend's: the text begins at {@code conn=}. */
    private static final String NO_TIME = "";

    /** More tracked connections than this means closes are not reported: start afresh rather than grow. */
    private static final int MAX_TRACKED_CONNECTIONS = 10_000;

    private final CategoryLog log;
    private final Redaction redaction;
    private final Map<Long, ConnectionTrack> tracks = new ConcurrentHashMap<>();
    /** Each thread's frame lines, into one reused builder: the commonest line costs no builder of its own. */
    private final ThreadLocal<FrameLineMaker> frameLines = ThreadLocal.withInitial(FrameLineMaker::new);

    /** Credentials hidden ({@link Redaction#DEFAULT}). */
    public TextTraceSink(CategoryLog log) {
        this(log, Redaction.DEFAULT);
    }

    public TextTraceSink(CategoryLog log, Redaction redaction) {
        this.log = log;
        this.redaction = redaction;
    }

    @Override
    public boolean enabled() {
        return on(TraceCategory.FRAMES, TraceLevel.DEBUG) || on(TraceCategory.HPACK, TraceLevel.DEBUG)
                || on(TraceCategory.FLOW, TraceLevel.INFO) || on(TraceCategory.STATE, TraceLevel.DEBUG)
                || on(TraceCategory.CONN, TraceLevel.INFO);
    }

    @Override
    public boolean wantsHpackDetail() {
        return on(TraceCategory.HPACK, TraceLevel.DEBUG);
    }

    /**
     * The kinds {@link #onEvent} writes a line of at the levels on now: window changes and HPACK table changes never
     * (the flow lines come from the frames' windows, the hpack lines from the frames' blocks), stream states only at
     * {@code state=debug}, the settings in force only at {@code conn=info}.
     */
    @Override
    public boolean wants(Class<? extends TraceEvent> kind) {
        if (kind == StreamStateChanged.class) {
            return on(TraceCategory.STATE, TraceLevel.DEBUG);
        }
        if (kind == SettingsInForce.class) {
            return on(TraceCategory.CONN, TraceLevel.INFO);
        }
        return kind != WindowChanged.class && kind != HpackEntryAdded.class && kind != HpackEntriesEvicted.class
                && kind != HpackTableResized.class && kind != SettingsAnnounced.class
                && kind != SettingsAcknowledged.class;
    }

    /** The lines of {@code events} go to the log's backend together ({@link CategoryLog#batch}). */
    @Override
    public void batch(Runnable events) {
        log.batch(events);
    }

    @Override
    public void onEvent(TraceEvent event) {
        if (event instanceof FrameEvent e) {
            onFrame(e);
        } else if (event instanceof StreamStateChanged e) {
            onStreamState(e);
        } else if (event instanceof ViolationReceived e) {
            onViolation(e);
        } else if (event instanceof ConnectionOpened || event instanceof Http1Head || event instanceof ErrorRaised
                || event instanceof SettingsInForce) {
            conn(event);
        } else if (event instanceof ConnectionClosed e) {
            tracks.remove(e.connectionId());
            conn(event);
        }
    }

    private void conn(TraceEvent event) {
        if (on(TraceCategory.CONN, TraceLevel.INFO)) {
            log.log(TraceCategory.CONN, TraceLevel.INFO, TraceText.line(event, redaction, false, NO_TIME), event);
        }
    }

    private void onFrame(FrameEvent e) {
        if (on(TraceCategory.FRAMES, TraceLevel.DEBUG)) {
            // only a DATA frame's line depends on frames=trace: the other frames' lines cost no level look-up more
            boolean showData = e.frame() instanceof DataFrame && on(TraceCategory.FRAMES, TraceLevel.TRACE);
            log.log(TraceCategory.FRAMES, TraceLevel.DEBUG, frameLines.get().line(e, redaction, showData, NO_TIME), e);
        }
        if (e.hpack() != null && on(TraceCategory.HPACK, TraceLevel.DEBUG)) {
            log.log(TraceCategory.HPACK, TraceLevel.DEBUG, TraceText.hpackBlock(e, redaction, NO_TIME), e);
        }
        if (on(TraceCategory.FLOW, TraceLevel.INFO)) {
            ConnectionTrack track = track(e.connectionId());
            track.flow(e, log, on(TraceCategory.FLOW, TraceLevel.DEBUG));
            track.forgetIfClosed(e);
        }
    }

    private void onStreamState(StreamStateChanged e) {
        if (on(TraceCategory.STATE, TraceLevel.DEBUG)) {
            log.log(TraceCategory.STATE, TraceLevel.DEBUG, TraceText.stateLine(e, NO_TIME), e);
        }
    }

    private void onViolation(ViolationReceived e) {
        if (on(TraceCategory.CONN, TraceLevel.WARN)) {
            log.log(TraceCategory.CONN, TraceLevel.WARN, TraceText.line(e, redaction, false, NO_TIME), e);
        }
    }

    private ConnectionTrack track(long connectionId) {
        ConnectionTrack track = tracks.get(connectionId);
        if (track == null) {
            if (tracks.size() >= MAX_TRACKED_CONNECTIONS) {
                tracks.clear();
            }
            track = new ConnectionTrack(connectionId);
            tracks.put(connectionId, track);
        }
        return track;
    }

    private boolean on(TraceCategory category, TraceLevel level) {
        return log.isEnabled(category, level);
    }

    /** Streams still tracked for a connection (tests). */
    int trackedStreams(long connectionId) {
        ConnectionTrack track = tracks.get(connectionId);
        return track == null ? 0 : track.streamCount();
    }

}
