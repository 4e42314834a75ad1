package io.h2scope.engine.core;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.RuleIds;
import io.h2scope.engine.flow.FlowWindow;
import io.h2scope.engine.flow.InboundFlow;
import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.FrameOutput;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.hpack.DynamicTable;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamRegistry;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.stream.StreamTransitions;
import io.h2scope.engine.stream.Transition;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.Side;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * One HTTP/2 connection, sans-IO (RFC 9113): bytes in through {@link #receive}, {@link Event}s out
 * to the {@link ConnectionListener}; commands in, bytes out through {@link #drainOutput}. Never
 * touches a socket, a thread or a clock: time is passed in. Single-threaded, no locks; the
 * listener may call commands from inside {@code onEvent}.
 *
 * <p>Delegates: frames are parsed by {@link FrameReader} and handled by {@link InboundFrames} (which hands
 * them to {@link InboundData}, {@link InboundFieldBlocks}, {@link InboundControl}); field blocks are joined by
 * {@link HeaderBlockAssembler}, ours written by {@link HeaderBlockWriter}; SETTINGS by {@link SettingsExchange}
 * and {@link SettingsEffects}; streams by {@link LiveStreams} over the {@link StreamRegistry}; windows by
 * {@link InboundFlow}/{@link OutboundFlow}; queued DATA by {@link DataScheduler}; floods by {@link FloodGuard};
 * stream errors and refused requests by {@link StreamErrors} and {@link RequestRefusal}; GOAWAY by
 * {@link GoAwayState}; output and tracing by {@link Output}/{@link TracePublisher}. Each is given what it uses
 * when built here; the few calls back into the connection go through {@link ConnectionLifecycle}.
 *
 * <p><b>Choices where the RFC leaves one</b> (documented here once):
 * <ul>
 *   <li>A header list over our SETTINGS_MAX_HEADER_LIST_SIZE (the block is still decoded, so HPACK
 *       stays in sync, §10.5.1): a server answers {@code 431} with END_STREAM, then RST_STREAM
 *       NO_ERROR if the request was not complete; a client resets the stream with CANCEL.</li>
 *   <li>A request body over {@link Limits#maxRequestBodyBytes()} (declared by content-length, or
 *       counted as DATA arrives): {@code 413} the same way, or RST_STREAM CANCEL once a response
 *       was already sent. Both raise {@link Event.RequestRefused}.</li>
 *   <li>After we send GOAWAY, new peer streams above its last id are refused with RST_STREAM
 *       REFUSED_STREAM (the field block is still decoded). After the peer's GOAWAY, our streams
 *       above its last id are reported as {@link Event.StreamReset} REFUSED_STREAM by the peer.</li>
 *   <li>A stream error on an idle stream (a PRIORITY that depends on itself) is still answered with
 *       RST_STREAM, as RFC 7540 §5.3.1 demands, although the stream stays idle.</li>
 * </ul>
 *
 * <p>Over 500 lines as one class on purpose: it is the connection's one entry point and the owner of its state, so every
 * frame in and every command out passes it in order; the rules themselves live in the helpers beside it
 * ({@code InboundFrames}, {@code InboundFieldBlocks}, {@code SettingsExchange}, {@code DataScheduler}, ...).
 */
public final class Http2Connection {

    private final Role role;
    private final ConnectionConfig config;
    /** Test-only hooks, or null (production): asked on error paths, by the output and by a few receive paths. */
    private final ConnectionHooks hooks;
    /** Test-only ({@link ConnectionHooks#holdsPrefaceUntilInput}): our preface waits for the peer's first frame. */
    private boolean prefaceHeld;
    private final ConnectionClock clock;
    private final StreamRegistry registry;
    private final InboundFlow inbound;
    private final OutboundFlow outbound = new OutboundFlow();
    private final HpackDecoder decoder;
    private final HpackEncoder encoder;
    private final SettingsExchange settings;
    private final SettingsEffects settingsEffects;
    private final DataScheduler scheduler = new DataScheduler();
    private final TracePublisher tracer;
    private final Output output;
    private final ControlReplies replies;
    private final LiveStreams liveStreams;
    private final HeaderBlockWriter headerWriter;
    private final ApplicationEvents events;
    private final FrameReader reader;
    /** Our preface SETTINGS, kept so an h2c upgrade can check that HTTP2-Settings announced the same (RFC 7540 §3.2.1). */
    private final SettingsFrame firstSettings;
    private final InboundFrames inboundFrames;
    private final PrefaceCheck preface;
    private final PingsInFlight pings = new PingsInFlight();
    private final GoAwayState goAways = new GoAwayState();
    private final OutboundDataSink dataSink;
    private final ProgressDeadlines deadlines;

    /** Streams whose request body a server stops once its queued response has ended ({@link #stopRequestBody}). */
    private final List<Integer> bodyStops = new ArrayList<>(0);
    /** Streams whose unread request body is stopped once the client has spent the stream window on it. */
    private final List<Integer> windowSpentStops = new ArrayList<>(0);

    private ConnectionState state = ConnectionState.PREFACE_PENDING;
    /** While a GOAWAY's refusals are reported: the close waits until the last one is out. */
    private boolean holdFinish;
    private long bytesSent;
    private long bytesReceived;

    public Http2Connection(Role role, ConnectionConfig config, ConnectionListener listener, long nowNanos) {
        this(role, config, listener, nowNanos, ConnectionOrigin.UNKNOWN);
    }

    /** A connection whose transport says where it runs ({@code origin}, published in its opening trace event). */
    public Http2Connection(Role role, ConnectionConfig config, ConnectionListener listener, long nowNanos,
            ConnectionOrigin origin) {
        this.role = Objects.requireNonNull(role, "role");
        this.config = Objects.requireNonNull(config, "config");
        Objects.requireNonNull(listener, "listener");
        this.hooks = config.hooksForTesting() == null ? null : config.hooksForTesting().get();
        Limits limits = hooks == null ? config.limits() : hooks.loosen(config.limits());
        this.clock = new ConnectionClock(nowNanos);
        this.registry = new StreamRegistry(role);
        this.inbound = new InboundFlow(FlowWindow.DEFAULT_INITIAL_SIZE, config.windowUpdatePolicy());
        // strings as long as a block within maxHeaderBlockBytes can carry: one oversized field is a 431, not a COMPRESSION_ERROR
        this.decoder = new HpackDecoder(4096, limits.maxHeaderListSize(),
                HpackDecoder.longestStringIn(limits.maxHeaderBlockBytes()));
        this.encoder = new HpackEncoder(4096);
        this.settings = new SettingsExchange(role, limits.settingsAckTimeoutNanos());
        HeaderBlockAssembler assembler = new HeaderBlockAssembler(limits);
        FloodGuard guard = new FloodGuard(limits, nowNanos);
        this.tracer = new TracePublisher(config.traceSink(), config.connectionId(), nowNanos,
                new ConnectionView(outbound, inbound, registry), clock, this::traceSnapshot, assembler::inProgress);
        tracer.attach(role, Objects.requireNonNull(origin, "origin"), inbound, outbound, decoder.dynamicTable(),
                encoder.dynamicTable());
        this.output = new Output(tracer, hooks);
        this.replies = new ControlReplies(output, guard);
        this.liveStreams = new LiveStreams(registry, inbound, outbound, scheduler, tracer, replies, this::maybeFinish);
        this.events = new ApplicationEvents(tracer, listener);
        this.headerWriter = new HeaderBlockWriter(liveStreams, encoder, hooks, tracer, output);
        StreamErrors streamErrors = new StreamErrors(hooks, guard, clock, tracer, scheduler, liveStreams, replies,
                events);
        RequestRefusal refusal = new RequestRefusal(role, liveStreams, scheduler, headerWriter, replies, events);
        this.reader = new FrameReader(io.h2scope.engine.frame.FrameSizes.DEFAULT_MAX_FRAME_SIZE);
        this.settingsEffects = new SettingsEffects(settings, tracer, encoder, decoder, outbound, inbound, output,
                reader, registry, scheduler, limits);
        ConnectionLifecycle lifecycle = new Lifecycle();
        InboundData data = new InboundData(role, limits, clock, guard, inbound, replies, liveStreams, refusal, events,
                lifecycle);
        InboundFieldBlocks fieldBlocks = new InboundFieldBlocks(role, limits, config.messageRules(), hooks, settings,
                assembler, decoder, tracer, clock, guard, replies, liveStreams, goAways, refusal, events, lifecycle);
        InboundControl control = new InboundControl(guard, clock, hooks, liveStreams, events, settingsEffects,
                tracer, replies, pings, outbound, scheduler, output);
        this.inboundFrames = new InboundFrames(lifecycle, reader, tracer, assembler, clock, guard, hooks,
                streamErrors, data, fieldBlocks, control);
        this.dataSink = new OutboundDataSink(outbound, output, limits.maxOutputBufferBytes(), liveStreams,
                headerWriter);
        this.deadlines = new ProgressDeadlines(role, limits, config.initialWindowSize(), assembler, scheduler,
                liveStreams, inbound, streamErrors, refusal);
        this.preface = role == Role.SERVER ? new PrefaceCheck() : null;
        // RFC9113 §3.4: "The client connection preface starts with a sequence of 24 octets ... followed by a SETTINGS frame"
        if (role == Role.CLIENT) {
            output.raw(PrefaceCheck.CLIENT_PREFACE);
        }
        // RFC9113 §3.4: the server preface "consists of a potentially empty SETTINGS frame that MUST be the first frame"
        this.firstSettings = settings.send(config.localSettings(role == Role.CLIENT), clock.now(), true);
        tracer.settingsAnnounced(Side.LOCAL, settings.lastAnnounced());
        prefaceHeld = hooks != null && hooks.holdsPrefaceUntilInput();
        if (!prefaceHeld) {
            output.frame(firstSettings);
        }
        // SEC-16: our stream limit holds from the first HEADERS, acknowledged or not
        registry.setMaxConcurrentRemote(limits.maxConcurrentStreams());
        settingsEffects.announcedLocal();
        if (!prefaceHeld) {
            widenConnectionWindow();
        }
    }

    /** Test-only: the preface held back by {@link ConnectionHooks#holdsPrefaceUntilInput} goes out now. */
    private void releasePreface() {
        prefaceHeld = false;
        output.frame(firstSettings);
        widenConnectionWindow();
    }

    /** The connection window beyond the RFC's 64 KiB, right after our first SETTINGS. */
    private void widenConnectionWindow() {
        int extra = config.connectionWindow() - FlowWindow.DEFAULT_INITIAL_SIZE;
        if (extra > 0) {
            windowUpdate(0, extra);
        }
    }

    // ---------------------------------------------------------------- input

    /** Reads every byte of {@code in} (any split of the stream), raising events as it goes. */
    public void receive(ByteBuffer in, long nowNanos) {
        clock.set(nowNanos);
        int available = in.remaining();
        try {
            if (role == Role.CLIENT && bytesReceived == 0) {
                ServerPrefaceCheck.check(in); // an HTTP/1.1 answer is named as one, not as a frame too large
            }
            if (state != ConnectionState.CLOSED && (preface == null || preface.consume(in))) {
                if (prefaceHeld && in.hasRemaining()) {
                    releasePreface(); // test-only: the peer's first frame is here
                }
                reader.read(in, inboundFrames);
            }
        } catch (ConnectionError e) {
            connectionError(e);
        }
        bytesReceived += available - in.remaining();
        if (state == ConnectionState.CLOSED) {
            in.position(in.limit()); // nothing more is read after the end
        }
        flushData();
    }

    /**
     * The time for what follows until the next entry point that takes one. Commands ({@link #sendHeaders},
     * {@link #sendData}, {@link #drainOutput}, ...) take none and stamp their trace events with the last time handed
     * in, which may be a tick ago: a driver that traces hands the time in before the application's commands, so that
     * each event carries its own.
     */
    public void timeIs(long nowNanos) {
        clock.set(nowNanos);
    }

    /**
     * Time passes: SETTINGS_TIMEOUT (RFC 9113 §6.5.3), the progress deadlines of {@link ProgressDeadlines}
     * (send stalls, unfinished field blocks, slow request bodies), and rate buckets refill. Call it at least
     * once a second; the deadlines are as precise as the calls.
     */
    public void tick(long nowNanos) {
        clock.set(nowNanos);
        if (state != ConnectionState.CLOSED && settings.isOverdue(nowNanos)) {
            connectionError(settings.timeoutError());
        }
        if (state != ConnectionState.CLOSED) {
            try {
                deadlines.check(nowNanos);
            } catch (ConnectionError e) {
                connectionError(e);
            }
        }
        if (state != ConnectionState.CLOSED && scheduler.queuedStreams() > 0) {
            scheduler.onWindowOpened(); // a frame held below the send floor may be due (DataScheduler.COALESCE_DELAY_NANOS)
            flushData();
        }
    }

    /** The transport is gone: the connection is over. */
    public void transportClosed(long nowNanos) {
        transportClosed(nowNanos, ConnectionClosed.Cause.TRANSPORT_CLOSED);
    }

    /**
     * The transport is gone, for the reason it knows: {@link ConnectionClosed.Cause#TRANSPORT_CLOSED} (the socket
     * closed), {@link ConnectionClosed.Cause#IO_ERROR} or {@link ConnectionClosed.Cause#PEER_VANISHED}.
     */
    public void transportClosed(long nowNanos, ConnectionClosed.Cause cause) {
        transportClosed(nowNanos, cause, null);
    }

    /**
     * As {@link #transportClosed(long, ConnectionClosed.Cause)}, with what the transport knows of why ({@code detail}:
     * the failed read's message, {@code Connection reset}), which the closed event carries when no GOAWAY gave debug
     * data; null for nothing.
     */
    public void transportClosed(long nowNanos, ConnectionClosed.Cause cause, String detail) {
        clock.set(nowNanos);
        close("transport closed" + (cause == ConnectionClosed.Cause.TRANSPORT_CLOSED ? "" : ": " + cause), null,
                cause, null, detail);
    }

    /**
     * A server connection that began as HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 §3.2): applies the
     * decoded HTTP2-Settings as the client's first SETTINGS (no ACK: the 101 was one) and opens
     * stream 1 half-closed (remote) for {@code request}. Call once, before {@link #receive}; the
     * application answers stream 1 like any other (its request body came over HTTP/1.1).
     */
    public void acceptUpgrade(byte[] settingsPayload, List<HeaderField> request, long nowNanos) {
        clock.set(nowNanos);
        try {
            UpgradeStart.apply(role, registry, settingsEffects, tracer, liveStreams, settingsPayload, request);
        } catch (ConnectionError e) {
            connectionError(e);
        }
    }

    /**
     * The {@code HTTP2-Settings} value (RFC 7540 §3.2.1: base64url, no padding) for an {@code Upgrade: h2c}
     * request: the payload of the first SETTINGS frame a client connection built with {@code config} sends.
     */
    public static String h2cSettingsHeader(ConnectionConfig config) {
        return ClientUpgradeStart.headerValue(ClientUpgradeStart.settingsPayload(config));
    }

    /**
     * A client connection whose HTTP/1.1 {@code Upgrade: h2c} request was answered with 101 (RFC 7540 §3.2):
     * the request becomes stream 1, half-closed (local), and its response arrives on stream 1; the next
     * stream we open is 3. The preface and SETTINGS queued at construction still go out first (§3.5).
     * Call once, before {@link #receive} and {@link #openStream}.
     *
     * @param settingsHeader the HTTP2-Settings value the request carried: it must be
     *                       {@link #h2cSettingsHeader} of this connection's config
     * @param request        the upgraded request as a header section (its {@code :method} matters: HEAD)
     * @throws IllegalArgumentException if {@code settingsHeader} does not match our first SETTINGS
     */
    public void startFromUpgrade(String settingsHeader, List<HeaderField> request, long nowNanos) {
        clock.set(nowNanos);
        byte[] payload;
        try {
            payload = java.util.Base64.getUrlDecoder().decode(settingsHeader);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("HTTP2-Settings is not base64url (RFC 7540 §3.2.1): " + settingsHeader, e);
        }
        ClientUpgradeStart.apply(role, registry, state, firstSettings, liveStreams, payload, request);
    }

    // ---------------------------------------------------------------- commands

    /** A client opens a stream with a request header section; returns its id. */
    public int openStream(List<HeaderField> headers, boolean endStream) {
        requireRole(Role.CLIENT, "open streams");
        requireAcceptingStreams();
        OptionalInt next = registry.nextLocalId();
        if (next.isEmpty() || !registry.canOpenLocal()) {
            throw new IllegalStateException(next.isEmpty() ? "stream ids are used up: open a new connection"
                    : "the peer's SETTINGS_MAX_CONCURRENT_STREAMS is reached (RFC 9113 §5.1.2)");
        }
        int id = next.getAsInt();
        commandTransition(id, StreamInput.SEND_HEADERS);
        StreamRecord rec = liveStreams.record(id);
        rec.finalHeadersSent = true;
        rec.requestMethod = HeaderSections.valueOf(headers, ":method");
        headerWriter.write(id, headers, endStream);
        return id;
    }

    /**
     * Sends a header section on an existing stream: a response (1xx informational or final), the
     * response of a pushed stream, or trailers (which must end the stream, RFC 9113 §8.1).
     * Trailers wait behind DATA still queued on the stream.
     */
    public void sendHeaders(int streamId, List<HeaderField> headers, boolean endStream) {
        StreamRecord rec = liveStream(streamId);
        boolean informational = HeaderSections.isInformational(headers);
        if (informational && endStream) {
            // RFC9113 §8.1: "A HEADERS frame with the END_STREAM flag set that carries an informational status code is malformed"
            throw new IllegalArgumentException("a 1xx response cannot end the stream (RFC 9113 §8.1)");
        }
        if (rec.finalHeadersSent && !endStream) {
            // RFC9113 §8.1: trailers are "a trailer section ... HEADERS frame ... with the END_STREAM flag set"
            throw new IllegalArgumentException("trailers must carry END_STREAM (RFC 9113 §8.1)");
        }
        if (scheduler.isFinishing(streamId)) {
            throw new IllegalStateException("stream " + streamId + " already has END_STREAM queued");
        }
        if (scheduler.hasPending(streamId)) {
            if (!rec.finalHeadersSent || !endStream) {
                throw new IllegalStateException("only trailers may follow queued DATA on stream " + streamId);
            }
            scheduler.enqueueTrailers(streamId, headers);
            flushData();
            return;
        }
        commandTransition(streamId, StreamInput.SEND_HEADERS);
        rec.finalHeadersSent |= !informational;
        headerWriter.write(streamId, headers, endStream);
    }

    /**
     * Sends body bytes: written at once as far as the flow-control windows allow, the rest queued
     * (copied) and released as WINDOW_UPDATEs arrive, streams taking turns frame by frame.
     */
    public void sendData(int streamId, ByteBuffer data, boolean endStream) {
        liveStream(streamId);
        if (scheduler.isFinishing(streamId)) {
            throw new IllegalStateException("stream " + streamId + " already has END_STREAM queued");
        }
        Transition t = StreamTransitions.next(registry.state(streamId), StreamInput.SEND_DATA);
        if (t instanceof Transition.Reject r) {
            throw new IllegalStateException("cannot send DATA on stream " + streamId + ": " + r.why() + " (" + r.spec() + ")");
        }
        if (sendDirectly(streamId, data, endStream)) {
            return;
        }
        byte[] copy = new byte[data.remaining()];
        data.get(copy);
        scheduler.enqueue(streamId, copy, endStream);
        flushData();
    }

    /**
     * The common case of a small body: nothing queued before it, one frame, both windows open wide
     * enough and room in the output. It is written at once from the caller's buffer, without the copy
     * and the queue; what the scheduler would have written, in the same order.
     */
    private boolean sendDirectly(int streamId, ByteBuffer data, boolean endStream) {
        int length = data.remaining();
        if (!data.hasArray() || (length == 0 && !endStream) || length > output.maxDataFrameSize()
                || scheduler.hasPending(streamId) || scheduler.hasReady() || dataSink.outputFull()) {
            return false;
        }
        // RFC9113 §6.9.1: "MUST NOT send a flow-controlled frame with a length that exceeds the space available in either of the flow-control windows"
        if (length > 0 && outbound.sendable(streamId, length) < length) {
            return false;
        }
        dataSink.writeData(streamId, data.array(), data.arrayOffset() + data.position(), length, endStream);
        data.position(data.limit());
        return true;
    }

    /** Resets a stream (RST_STREAM); a closed stream is left alone. */
    public void reset(int streamId, ErrorCode code) {
        if (registry.state(streamId) == StreamState.CLOSED || state == ConnectionState.CLOSED) {
            return;
        }
        if (registry.state(streamId) == StreamState.IDLE) {
            // RFC9113 §6.4: "RST_STREAM frames MUST NOT be sent for a stream in the idle state"
            throw new IllegalStateException("stream " + streamId + " is idle");
        }
        scheduler.remove(streamId);
        liveStreams.apply(streamId, StreamInput.SEND_RST_STREAM);
        output.frame(RstStreamFrame.of(streamId, code));
        events.emit(new Event.StreamReset(streamId, code.code(), false));
    }

    /** Sends a PING; {@link Event.PingAcked} follows when the peer echoes this opaque data. */
    public void ping(long opaqueData) {
        requireNotClosed();
        pings.sent(opaqueData);
        output.frame(PingFrame.of(opaqueData));
    }

    /**
     * Graceful shutdown: GOAWAY with the last peer stream we accepted (RFC 9113 §6.8). Streams up
     * to it finish; later ones are refused; the connection closes when none is left.
     */
    public void goAway(ErrorCode code, String debug) {
        sendGoAway(code, debug);
    }

    /**
     * The transport's idle timer fired (no live stream, nothing read): GOAWAY NO_ERROR with {@code debug}, and the
     * close that follows names {@link ConnectionClosed.Cause#IDLE_TIMEOUT}.
     */
    public void idleTimeout(String debug) {
        if (state != ConnectionState.CLOSED) {
            goAways.sendingForIdleTimeout();
            sendGoAway(ErrorCode.NO_ERROR, debug);
        }
    }

    private void sendGoAway(ErrorCode code, String debug) {
        if (state == ConnectionState.CLOSED) {
            return;
        }
        GoAwayFrame frame = goAways.send(code, registry.lastRemoteId(), debug);
        state = ConnectionState.GOAWAY_SENT;
        output.frame(frame);
        maybeFinish();
    }

    /**
     * The application is done with {@code bytes} octets of DATA received on {@code streamId}:
     * credit goes back to the peer as the configured policy decides. No-op for a closed stream
     * (its credit was returned when it closed).
     */
    public void consumed(int streamId, int bytes) {
        if (state != ConnectionState.CLOSED && inbound.isTracked(streamId) && bytes > 0) {
            inbound.onConsumed(streamId, bytes, replies);
        }
    }

    /**
     * The application throws away {@code bytes} octets of DATA received on {@code streamId} and wants no more of that
     * body: the connection window gets them back (RFC 9113 §6.9: other streams must not starve), the stream window
     * does not, so the peer is not invited to send more that would be thrown away. No-op for a closed stream.
     */
    public void discard(int streamId, int bytes) {
        if (state != ConnectionState.CLOSED && inbound.isTracked(streamId) && bytes > 0) {
            inbound.onDropped(streamId, bytes, replies);
            if (windowSpentStops.contains(streamId) && inbound.streamWindow(streamId) <= 0) {
                windowSpentStops.remove(Integer.valueOf(streamId));
                stopRequestBody(streamId);
            }
        }
    }

    /**
     * A server throws away the rest of a request body it answered without reading: {@link #stopRequestBody} once the
     * client has spent the stream's window on it (at once if it has), not before, so that a short body after an early
     * answer still ends the request normally.
     */
    public void stopRequestBodyWhenWindowSpent(int streamId) {
        requireRole(Role.SERVER, "stop a request body");
        if (inbound.isTracked(streamId) && inbound.streamWindow(streamId) <= 0) {
            stopRequestBody(streamId);
        } else if (inbound.isTracked(streamId) && !windowSpentStops.contains(streamId)) {
            windowSpentStops.removeIf(id -> registry.state(id) == StreamState.CLOSED); // at most the live streams stay
            windowSpentStops.add(streamId);
        }
    }

    /**
     * A server answers without the rest of the request body: once the response's END_STREAM is written (at once if
     * it is) the client is asked to stop sending it with RST_STREAM NO_ERROR (RFC 9113 §8.1). No-op when the request
     * is complete or the stream closed.
     */
    public void stopRequestBody(int streamId) {
        requireRole(Role.SERVER, "stop a request body");
        StreamState s = registry.state(streamId);
        if (s == StreamState.HALF_CLOSED_LOCAL) {
            reset(streamId, ErrorCode.NO_ERROR);
        } else if (s == StreamState.OPEN && !bodyStops.contains(streamId)) {
            bodyStops.add(streamId); // the response still waits in the scheduler: its END_STREAM first
        }
    }

    /** Sends a WINDOW_UPDATE now, whatever the policy (for {@code WindowUpdatePolicy.MANUAL}); stream 0 is the connection. */
    public void windowUpdate(int streamId, int increment) {
        requireNotClosed();
        inbound.onWindowUpdateSent(streamId, increment);
        output.frame(WindowUpdateFrame.of(streamId, increment));
    }

    /**
     * A server promises a response to {@code requestHeaders} on stream {@code associatedStreamId}
     * (RFC 9113 §8.4); returns the promised (even) stream id, on which {@link #sendHeaders} and
     * {@link #sendData} then send the response.
     */
    public int push(int associatedStreamId, List<HeaderField> requestHeaders) {
        requireRole(Role.SERVER, "push");
        requireAcceptingStreams();
        if (!settings.remote().enablePush()) {
            // RFC9113 §8.4: "A server MUST NOT push if the client has set SETTINGS_ENABLE_PUSH to 0"
            throw new IllegalStateException("the client disabled push (SETTINGS_ENABLE_PUSH=0, RFC 9113 §8.4)");
        }
        liveStream(associatedStreamId);
        OptionalInt next = registry.nextLocalId();
        if (next.isEmpty()) {
            throw new IllegalStateException("stream ids are used up");
        }
        int promised = next.getAsInt();
        commandTransition(associatedStreamId, StreamInput.SEND_PUSH_PROMISE);
        commandTransition(promised, StreamInput.SEND_PROMISED_ID);
        liveStreams.record(promised).finalHeadersReceived = true; // the promised request stands for the peer's side
        headerWriter.pushPromise(associatedStreamId, promised, requestHeaders);
        return promised;
    }

    /** Sends a SETTINGS frame with the values of {@code desired} that differ from what we announced. */
    public void updateSettings(Settings desired) {
        requireNotClosed();
        SettingsFrame frame = settings.send(desired, clock.now(), false);
        if (frame != null) {
            tracer.settingsAnnounced(Side.LOCAL, settings.lastAnnounced());
            output.frame(frame);
            settingsEffects.announcedLocal();
        }
    }

    // ---------------------------------------------------------------- output

    public boolean hasOutput() {
        return output.readableBytes() > 0;
    }

    /** Output bytes waiting for {@link #drainOutput}. */
    public int pendingOutputBytes() {
        return output.readableBytes();
    }

    /** DATA octets queued behind flow control or the output budget, all streams together. */
    public long queuedDataBytes() {
        return scheduler.totalQueuedBytes();
    }

    /** What {@link #forEachStalledStream} tells of one stream. */
    @FunctionalInterface
    public interface StallVisitor {
        /** Stream {@code streamId} has waited on a closed send window since {@code sinceNanos}, {@code queuedBytes} queued. */
        void stalled(int streamId, long sinceNanos, long queuedBytes);
    }

    /**
     * Each stream whose queued DATA waits on a closed send window (its own, or the connection's), with since when and
     * how much: what a server short of memory resets first, the longest waiting (the same waits
     * {@code Limits.sendStallTimeoutNanos} ends).
     */
    public void forEachStalledStream(StallVisitor visitor) {
        scheduler.forEachStalled(visitor);
    }

    /** DATA bytes queued on {@code streamId} behind its flow-control window (0 for an unknown stream). */
    public long queuedDataBytes(int streamId) {
        return scheduler.queuedBytes(streamId);
    }

    /** Octets received from the peer so far (the client preface included). */
    public long bytesReceived() {
        return bytesReceived;
    }

    /** The frame the peer's input stopped inside, if it did: what a peer that closed mid-frame left unsent. */
    public java.util.Optional<io.h2scope.engine.frame.codec.PartialFrame> partialInputFrame() {
        return reader.partialFrame();
    }

    /** Whether any stream was ever opened on this connection, by either side. */
    public boolean hasOpenedStreams() {
        return registry.lastRemoteId() > 0 || registry.lastLocalId() > 0;
    }

    /** Streams neither idle nor closed. */
    public int liveStreamCount() {
        return liveStreams.count();
    }

    /** Copies as much output as fits into {@code sink}; returns how many bytes. Queued DATA may follow. */
    public int drainOutput(ByteBuffer sink) {
        int n = output.drainTo(sink);
        bytesSent += n;
        flushData();
        return n;
    }

    /** Moves all output into {@code sink}; returns how many bytes. */
    public int drainOutput(FrameOutput sink) {
        int n = 0;
        int moved;
        do {
            moved = output.drainTo(sink);
            n += moved;
            bytesSent += moved;
            flushData();
        } while (moved > 0 && hasOutput());
        return n;
    }

    // ---------------------------------------------------------------- inspection

    public Role role() {
        return role;
    }

    public ConnectionState state() {
        return state;
    }

    /** Our settings as the peer has acknowledged them. */
    public Settings localSettings() {
        return settings.localAcknowledged();
    }

    /** Our settings including those not yet acknowledged. */
    public Settings localSettingsAnnounced() {
        return settings.localAnnounced();
    }

    public Settings remoteSettings() {
        return settings.remote();
    }

    public int connectionSendWindow() {
        return outbound.connectionWindow();
    }

    public int connectionReceiveWindow() {
        return inbound.connectionWindow();
    }

    public StreamState streamState(int streamId) {
        return registry.state(streamId);
    }

    /** Every live stream (not idle, not closed), by id. */
    public List<StreamSnapshot> streams() {
        List<StreamSnapshot> list = new ArrayList<>();
        for (int id : liveStreams.ids()) {
            list.add(new StreamSnapshot(id, registry.state(id), outbound.streamWindow(id), inbound.streamWindow(id),
                    scheduler.queuedBytes(id)));
        }
        return list;
    }

    /** Our HPACK decoder's dynamic table (what the peer's encoder indexed). */
    public DynamicTable decoderTable() {
        return decoder.dynamicTable();
    }

    /** Our HPACK encoder's dynamic table. */
    public DynamicTable encoderTable() {
        return encoder.dynamicTable();
    }

    /** Control frames written and not yet drained. */
    public int queuedControlFrames() {
        return output.queuedControlFrames();
    }

    /**
     * Publishes the connection's opening and a snapshot of its state to a sink that asks for them
     * ({@link io.h2scope.engine.trace.model.SwitchableSink}: a recording started, or a reader attached, while the connection
     * was open); does nothing otherwise. For a driver to call between reads, when the sink wakes it.
     */
    public void traceCatchUp() {
        tracer.catchUp();
    }

    /** The state a late reader of the trace starts from: live streams with their windows, the tables, the settings. */
    private ConnectionSnapshot traceSnapshot() {
        TreeMap<Integer, ConnectionSnapshot.Stream> streams = new TreeMap<>();
        for (int id : liveStreams.ids()) {
            streams.put(id, new ConnectionSnapshot.Stream(registry.state(id), outbound.streamWindow(id),
                    inbound.streamWindow(id)));
        }
        return new ConnectionSnapshot(streams, outbound.connectionWindow(), inbound.connectionWindow(),
                decoder.dynamicTable().entries(), decoder.dynamicTable().maxSize(), encoder.dynamicTable().entries(),
                encoder.dynamicTable().maxSize(), settings.localAcknowledged(), settings.remote());
    }

    /** One live stream for the inspector. */
    public record StreamSnapshot(int id, StreamState state, int sendWindow, int receiveWindow, long queuedBytes) {
    }

    // ---------------------------------------------------------------- the connection's own life

    /** {@link ConnectionLifecycle} for {@link InboundFrames}, kept off this class's public face. */
    private final class Lifecycle implements ConnectionLifecycle {

        @Override
        public boolean isClosed() {
            return state == ConnectionState.CLOSED;
        }

        @Override
        public void firstFrame(int typeCode, boolean ack) {
            onFirstFrame(typeCode, ack);
        }

        @Override
        public void goAwayReceived(GoAwayFrame frame) {
            onGoAway(frame);
        }

        @Override
        public void endStreamThenEmit(int streamId, Event event) {
            Http2Connection.this.endStreamThenEmit(streamId, event);
        }
    }

    /** See {@link ConnectionLifecycle#endStreamThenEmit}. */
    private void endStreamThenEmit(int streamId, Event event) {
        boolean held = holdFinish;
        holdFinish = true;
        try {
            liveStreams.apply(streamId, StreamInput.RECV_END_STREAM);
            events.emit(event);
        } finally {
            holdFinish = held;
        }
        maybeFinish();
    }

    /** The first frame after the preface must be SETTINGS (RFC 9113 §3.4). */
    private void onFirstFrame(int typeCode, boolean ack) {
        if (state != ConnectionState.PREFACE_PENDING) {
            return;
        }
        if (typeCode != io.h2scope.engine.frame.FrameType.SETTINGS.code() || ack) {
            // RFC9113 §3.4: the preface's SETTINGS "MUST be the first frame"; "invalid connection preface as a connection error ... PROTOCOL_ERROR"
            throw H2Errors.connection(StartRule.FIRST_FRAME_NOT_SETTINGS, "the first frame is "
                    + io.h2scope.engine.frame.FrameType.nameOf(typeCode) + (ack ? " ACK" : "") + ", not SETTINGS");
        }
        state = ConnectionState.OPEN;
    }

    /** A connection error: GOAWAY with its code and our last accepted stream, then closed (RFC 9113 §5.4.1). */
    private void connectionError(ConnectionError error) {
        if (state == ConnectionState.CLOSED || hooks != null && hooks.swallows(error)) {
            return; // closed already, or a test-only hook: this rule goes unchecked (error path only)
        }
        if (prefaceHeld) {
            releasePreface(); // test-only: our SETTINGS is still the first frame (RFC 9113 §3.4)
        }
        tracer.errorRaised(error, 0);
        scheduler.clear();
        // RFC9113 §5.4.1: "An endpoint that encounters a connection error SHOULD first send a GOAWAY frame"
        output.frame(goAways.send(error.code(), registry.lastRemoteId(), error.detail()));
        events.emit(new Event.ConnectionErrorRaised(error));
        close(error.code() + ": " + error.detail(), Side.LOCAL, ConnectionClosed.Cause.CONNECTION_ERROR,
                RuleIds.of(error));
    }

    private void onGoAway(GoAwayFrame frame) {
        goAways.received(frame);
        if (!goAways.sent()) {
            state = ConnectionState.GOAWAY_RECEIVED;
        }
        events.emit(new Event.GoAwayReceived(frame.lastStreamId(), frame.errorCode() & 0xffffffffL, frame.debugData()));
        List<Integer> refused = new ArrayList<>();
        for (int id : liveStreams.ids()) {
            if (role.initiates(id) && goAways.refusedByPeer(id)) {
                refused.add(id);
            }
        }
        // the connection may end with the last refused stream: every refusal is reported before ConnectionClosed,
        // so the application can retry those requests instead of failing them as lost with the connection
        holdFinish = true;
        try {
            for (int id : refused) {
                // RFC9113 §6.8: streams above the last id "were not or will not be processed"; safe to retry
                liveStreams.apply(id, StreamInput.RECV_RST_STREAM);
                events.emit(new Event.StreamReset(id, ErrorCode.REFUSED_STREAM.code(), true));
            }
        } finally {
            holdFinish = false;
        }
        maybeFinish();
    }

    // ---------------------------------------------------------------- helpers

    private void commandTransition(int streamId, StreamInput input) {
        if (liveStreams.apply(streamId, input) instanceof Transition.Reject r) {
            throw new IllegalStateException("cannot " + input + " on stream " + streamId + ": " + r.why()
                    + " (" + r.spec() + ")");
        }
    }

    private void flushData() {
        if (state != ConnectionState.CLOSED) {
            scheduler.flush(dataSink, clock.now());
            if (!bodyStops.isEmpty()) {
                stopBodiesOfEndedResponses();
            }
        }
    }

    /** {@link #stopRequestBody} for the streams whose END_STREAM has gone out since; the others wait on. */
    private void stopBodiesOfEndedResponses() {
        for (int i = bodyStops.size() - 1; i >= 0; i--) {
            int id = bodyStops.get(i);
            StreamState s = registry.state(id);
            if (s != StreamState.OPEN) {
                bodyStops.remove(i);
                if (s == StreamState.HALF_CLOSED_LOCAL) {
                    reset(id, ErrorCode.NO_ERROR);
                }
            }
        }
    }

    private void maybeFinish() {
        if (!holdFinish && goAways.sentOrReceived() && liveStreams.isEmpty() && state != ConnectionState.CLOSED) {
            close("GOAWAY " + (goAways.sent() ? "sent" : "received") + " and no stream left",
                    goAways.sent() ? Side.LOCAL : Side.REMOTE, goAways.closeCause(), null);
        }
    }

    /** {@code closedBy} null: the transport went away; {@code ruleId} null unless a rule was broken. */
    private void close(String reason, Side closedBy, ConnectionClosed.Cause cause, String ruleId) {
        close(reason, closedBy, cause, ruleId, null);
    }

    /** {@code detail}: the transport's word on why, kept when no GOAWAY's debug data says more; or null. */
    private void close(String reason, Side closedBy, ConnectionClosed.Cause cause, String ruleId, String detail) {
        if (state == ConnectionState.CLOSED) {
            return;
        }
        state = ConnectionState.CLOSED;
        scheduler.clear();
        String debug = goAways.lastDebug();
        if ((debug == null || debug.isEmpty()) && detail != null) {
            debug = detail;
        }
        tracer.closed(closedBy, cause, goAways.lastCode(), goAways.lastStreamId(), debug, ruleId,
                bytesSent + output.readableBytes(), bytesReceived);
        events.emit(new Event.ConnectionClosed(reason));
    }

    private StreamRecord liveStream(int streamId) {
        requireNotClosed();
        StreamRecord rec = liveStreams.record(streamId);
        if (rec == null) {
            throw new IllegalStateException("stream " + streamId + " is " + registry.state(streamId));
        }
        return rec;
    }

    private void requireRole(Role needed, String what) {
        if (role != needed) {
            throw new IllegalStateException("only a " + needed + " may " + what + " (RFC 9113 §5.1.1, §8.4)");
        }
    }

    private void requireNotClosed() {
        if (state == ConnectionState.CLOSED) {
            throw new IllegalStateException("the connection is closed");
        }
    }

    private void requireAcceptingStreams() {
        requireNotClosed();
        if (goAways.sentOrReceived()) {
            // RFC9113 §6.8: "Receivers of a GOAWAY frame MUST NOT open additional streams on the connection"
            throw new IllegalStateException("GOAWAY " + (goAways.received() ? "received" : "sent") + ": no new streams");
        }
    }
}
