package io.h2scope.engine.core;

import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.RuleIds;
import io.h2scope.engine.flow.InboundFlow;
import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowListener;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.DynamicTable;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.TableListener;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.HpackRecorder;
import io.h2scope.engine.trace.model.SwitchableSink;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Publishes the connection's {@link TraceEvent}s to its {@link TraceSink}, each as the core applies
 * it. Callers check {@link #enabled()} before they build anything for it, and every method returns at
 * once when disabled; the window and table listeners are installed only for a sink enabled at creation,
 * so tracing off allocates nothing. Window, stream state, settings and table events are built only for a sink that
 * {@link TraceSink#wants wants} their kind (a text log of frames alone does not).
 *
 * <p>A received frame's event waits until the frame's own processing is done: it goes out just before
 * the frame's first effect (an event to the application, a frame we send, an error, a WINDOW_UPDATE we
 * grant) or when its handling ends, so it follows the changes it made and precedes what it caused.
 *
 * <p>When the sink wants HPACK detail, inbound blocks are decoded through an {@link HpackRecorder}
 * and outbound blocks are decoded again by a shadow decoder that mirrors our encoder's table; a shadow that missed a
 * block while tracing was off is dropped (the connection's later blocks are traced without their detail).
 *
 * <p>A {@link SwitchableSink} may be off at the start and turn on later: the listeners are installed for it anyway,
 * the opening's facts are kept, and the opening is published again with a {@link SnapshotTaken} whenever the sink
 * asks ({@link SwitchableSink#wantsOpening()}), at a moment when every change made so far has had its event: before
 * a frame is read or written (not inside a field block) and before the close.
 */
final class TracePublisher implements WindowListener {

    /** The connection state a frame event snapshots. */
    interface StateView {
        int connectionSendWindow();

        int connectionReceiveWindow();

        /** -1 when the stream has no send window. */
        int streamSendWindow(int streamId);

        /** -1 when the stream has no receive window. */
        int streamReceiveWindow(int streamId);

        StreamState state(int streamId);
    }

    private final TraceSink sink;
    /** The sink when it may turn on later, else null. */
    private final SwitchableSink switchable;
    /** The connection's state as a snapshot, for a switchable sink's late readers. */
    private final Supplier<ConnectionSnapshot> snapshot;
    /** Whether a received field block is half read (no snapshot then: its frames' events are held together). */
    private final BooleanSupplier blockOpen;
    private final long connectionId;
    private final long startNanos;
    private final StateView view;
    /** Decodes our own outbound blocks again for HPACK detail; null unless the sink asks for it. */
    private HpackDecoder outboundShadow;
    private final ConnectionClock clock;
    /** HPACK detail of the inbound block decoded while the current frame was handled. */
    private HpackBlock pendingHpack;
    /** The received frame whose event waits for its first effect; null when none. */
    private Frame pendingFrame;
    private FrameHeader pendingHeader;
    private byte[] pendingPadding;
    private List<HeaderField> pendingHeaders = List.of();
    private long framesSent;
    private long framesReceived;
    /** What the opening says, kept for a switchable sink's catch-ups; null until {@link #attach}. */
    private Role role;
    private ConnectionOrigin origin;

    TracePublisher(TraceSink sink, long connectionId, long startNanos, StateView view, ConnectionClock clock,
            Supplier<ConnectionSnapshot> snapshot, BooleanSupplier blockOpen) {
        this.sink = sink;
        this.switchable = sink instanceof SwitchableSink s ? s : null;
        this.snapshot = snapshot;
        this.blockOpen = blockOpen;
        this.connectionId = connectionId;
        this.startNanos = startNanos;
        this.view = view;
        this.clock = clock;
        if (sink.enabled() && sink.wantsHpackDetail()) {
            outboundShadow = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 24);
            outboundShadow.setMaxTableSize(Integer.MAX_VALUE); // our encoder follows the peer's setting
        } else {
            outboundShadow = null;
        }
    }

    boolean enabled() {
        return sink.enabled();
    }

    /** A field block of ours went out untraced: the shadow decoder missed it, so no block has its detail from now on. */
    void untracedBlock() {
        if (outboundShadow != null) {
            outboundShadow = null;
        }
    }

    /**
     * Publishes the opening and listens to the windows and tables: when the sink is enabled now, or may be later (a
     * switchable sink).
     */
    void attach(Role role, ConnectionOrigin origin, InboundFlow inbound, OutboundFlow outbound,
            DynamicTable decoderTable, DynamicTable encoderTable) {
        if (!sink.enabled()) {
            if (switchable == null) {
                return;
            }
        } else {
            sink.onEvent(ConnectionOpened.of(connectionId, 0, role, origin));
            origin.http1Heads().forEach(sink::onEvent);
        }
        this.role = role;
        this.origin = origin;
        inbound.listen(this);
        outbound.listen(this);
        decoderTable.listen(new TableTrace(HpackContext.DECODER));
        encoderTable.listen(new TableTrace(HpackContext.ENCODER));
    }

    /** Whether field blocks should be described representation by representation. */
    boolean wantsHpack() {
        return outboundShadow != null && sink.enabled();
    }

    /** Decodes an inbound block keeping its HPACK detail for the frame's event (only when {@link #wantsHpack()}). */
    List<HeaderField> decodeInbound(HpackDecoder decoder, byte[] block) {
        HpackRecorder recorder = new HpackRecorder();
        decoder.decode(block, recorder);
        pendingHpack = recorder.block(decoder.dynamicTable());
        return HeaderList.copyOf(recorder.fields()); // shared with the event and the trace, no further copies
    }

    /** HPACK detail of a block we encoded, or null when not wanted. */
    HpackBlock outbound(byte[] block) {
        if (outboundShadow == null) {
            return null;
        }
        HpackRecorder recorder = new HpackRecorder();
        outboundShadow.decode(block, recorder);
        return recorder.block(outboundShadow.dynamicTable());
    }

    // ---------------------------------------------------------------- frames

    /**
     * For a switchable sink that asks for it: the opening and a snapshot of {@code now}'s state, published now. The
     * caller makes sure every change so far has had its event and no field block is half read or written.
     */
    void catchUp() {
        if (switchable != null && role != null && switchable.enabled() && switchable.wantsOpening()
                && !blockOpen.getAsBoolean()) {
            sink.onEvent(ConnectionOpened.of(connectionId, 0, role, origin));
            sink.onEvent(new SnapshotTaken(connectionId, clock.now() - startNanos, snapshot.get()));
        }
    }

    /** A received frame is about to be handled; its event waits for {@link #beforeEffect} or {@link #endInbound}. */
    void beginInbound(FrameReader reader, Frame frame) {
        if (sink.enabled()) {
            if (switchable != null && !(frame instanceof ContinuationFrame)) {
                catchUp();
            }
            pendingHeader = reader.currentHeader();
            pendingPadding = reader.currentPadding();
            pendingFrame = frame;
            pendingHeaders = List.of();
        }
    }

    /** The field block the pending received frame completed, decoded. */
    void inboundHeaders(List<HeaderField> headers) {
        if (pendingFrame != null) {
            pendingHeaders = headers;
        }
    }

    /** The received frame is about to have its first effect: its own processing is done, so its event goes now. */
    void beforeEffect() {
        if (pendingFrame == null) {
            return;
        }
        Frame frame = pendingFrame;
        pendingFrame = null;
        framesReceived++;
        FrameHeader header = pendingHeader != null ? pendingHeader : FrameHeader.of(frame);
        HpackBlock hpack = pendingHpack;
        pendingHpack = null;
        List<HeaderField> headers = pendingHeaders;
        pendingHeaders = List.of();
        byte[] padding = pendingPadding;
        pendingPadding = null;
        sink.onEvent(frameEvent(Direction.INBOUND, header, frame, headers, hpack, padding));
    }

    /** The received frame was handled: its event goes now unless an effect sent it already. */
    void endInbound() {
        beforeEffect();
    }

    /** A frame we wrote, after the changes made to send it. */
    void outbound(Frame frame, List<HeaderField> headers, HpackBlock hpack) {
        if (!sink.enabled()) {
            return;
        }
        if (switchable != null && !(frame instanceof ContinuationFrame)) {
            catchUp();
        }
        beforeEffect();
        framesSent++;
        sink.onEvent(frameEvent(Direction.OUTBOUND, FrameHeader.of(frame), frame, headers, hpack, null));
    }

    private FrameEvent frameEvent(Direction direction, FrameHeader header, Frame frame, List<HeaderField> headers,
            HpackBlock hpack, byte[] padding) {
        int streamId = frame.streamId();
        boolean stream = streamId > 0;
        return new FrameEvent(connectionId, clock.now() - startNanos, direction, header, frame, headers,
                view.connectionSendWindow(), view.connectionReceiveWindow(),
                stream ? view.streamSendWindow(streamId) : -1, stream ? view.streamReceiveWindow(streamId) : -1,
                stream ? view.state(streamId) : null, hpack, padding);
    }

    /** A received frame that broke a frame rule: not delivered as a frame, counted as one read. */
    void violation(FrameHeader header, Violation violation) {
        if (sink.enabled()) {
            framesReceived++;
            sink.onEvent(new ViolationReceived(connectionId, clock.now() - startNanos, header, violation));
        }
    }

    // ---------------------------------------------------------------- state

    /** A stream state transition (only called when the state changed). */
    void stateChanged(int streamId, StreamState from, StreamState to, StreamInput input) {
        if (sink.wants(StreamStateChanged.class) && sink.enabled()) {
            sink.onEvent(new StreamStateChanged(connectionId, clock.now() - startNanos, streamId, from, to, input));
        }
    }

    @Override
    public void windowChanged(int streamId, WindowSide side, int oldSize, int newSize, WindowCause cause) {
        if (!sink.wants(WindowChanged.class) || !sink.enabled()) {
            return;
        }
        sink.onEvent(new WindowChanged(connectionId, clock.now() - startNanos, streamId, side, oldSize, newSize, cause));
    }

    @Override
    public void beforeWindowUpdate(int streamId) {
        beforeEffect(); // credit we grant answers what we received
    }

    void settingsAnnounced(Side side, List<Setting> entries) {
        if (sink.wants(SettingsAnnounced.class) && sink.enabled()) {
            sink.onEvent(new SettingsAnnounced(connectionId, clock.now() - startNanos, side, entries));
        }
    }

    void settingsAcknowledged(Side side) {
        if (sink.wants(SettingsAcknowledged.class) && sink.enabled()) {
            sink.onEvent(new SettingsAcknowledged(connectionId, clock.now() - startNanos, side));
        }
    }

    void settingsInForce(Side side, Settings settings) {
        if (sink.wants(SettingsInForce.class) && sink.enabled()) {
            sink.onEvent(new SettingsInForce(connectionId, clock.now() - startNanos, side, settings));
        }
    }

    /** We raise {@code error}; {@code streamId} 0 for a connection error. */
    void errorRaised(H2Exception error, int streamId) {
        if (sink.enabled()) {
            beforeEffect();
            sink.onEvent(new ErrorRaised(connectionId, clock.now() - startNanos, error.scope(), streamId, error.code(),
                    error.spec().toString(), RuleIds.of(error), error.detail()));
        }
    }

    void closed(Side closedBy, ConnectionClosed.Cause cause, long errorCode, int lastStreamId, String debug,
            String ruleId, long bytesSent, long bytesReceived) {
        if (sink.enabled()) {
            catchUp();
            beforeEffect();
            sink.onEvent(new ConnectionClosed(connectionId, clock.now() - startNanos, closedBy, cause, errorCode, lastStreamId,
                    debug == null ? "" : debug, ruleId, bytesSent, bytesReceived, framesSent, framesReceived));
        } else if (switchable != null) {
            switchable.ended();
        }
    }

    /** One table's changes as events. */
    private final class TableTrace implements TableListener {
        private final HpackContext table;

        TableTrace(HpackContext table) {
            this.table = table;
        }

        @Override
        public void added(String name, String value, int size) {
            if (sink.wants(HpackEntryAdded.class) && sink.enabled()) {
                sink.onEvent(new HpackEntryAdded(connectionId, clock.now() - startNanos, table, name, value, size));
            }
        }

        @Override
        public void evicted(int count) {
            if (sink.wants(HpackEntriesEvicted.class) && sink.enabled()) {
                sink.onEvent(new HpackEntriesEvicted(connectionId, clock.now() - startNanos, table, count));
            }
        }

        @Override
        public void resized(int maxSize) {
            if (sink.wants(HpackTableResized.class) && sink.enabled()) {
                sink.onEvent(new HpackTableResized(connectionId, clock.now() - startNanos, table, maxSize));
            }
        }
    }
}
