package io.h2scope.engine.observer;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.flow.FlowWindow;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.FrameValidator;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FieldBlockJoiner;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.PartialFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderListSizeException;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.hpack.TableListener;
import io.h2scope.engine.http1.Http1RequestParser;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.settings.SettingsReceiver;
import io.h2scope.engine.settings.SettingsSync;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.RecentlyClosed;
import io.h2scope.engine.stream.SenderEnd;
import io.h2scope.engine.stream.StreamIdMap;
import io.h2scope.engine.stream.StreamRegistry;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.stream.Transition;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A passive HTTP/2 decoder of both directions of one connection (DESIGN.md): fed the client's bytes and the
 * server's bytes, in any chunking, it publishes the {@link io.h2scope.engine.trace.model.TraceEvent}s the
 * endpoint of role {@code perspective} would: frames, stream states, both sides' windows, both HPACK tables,
 * settings announced, ACKed and in force. Sans-IO like the core: no socket, no thread, time passed in.
 *
 * <p>It keeps the connection state a single frame does not show, so it also checks both peers against the
 * engine's rules (frame rules, stream states and ids, SETTINGS values, WINDOW_UPDATE increments) and
 * publishes every break as a {@link ViolationReceived} with its rule. A frame that breaks a stream-state rule is
 * still published as a frame (it was sent); one that breaks a frame rule is not (it could not be decoded).
 *
 * <p>Where the endpoint's choices are invisible on the wire it assumes what the engine does: our SETTINGS
 * hold once ACKed, and a stream's windows begin at the initial sizes then in force.
 *
 * <p>A connection may begin with an HTTP/1.1 {@code Upgrade: h2c} request ({@link UpgradePrelude}): then the
 * HTTP2-Settings value is the client's first SETTINGS, acknowledged by the 101 (RFC 7540 §3.2.1), and the request is
 * stream 1, half-closed for the client (§3.2), as the engine's own ends publish it; each head is an {@link Http1Head} event. A request that does not ask to upgrade, or an answer other than the 101, leaves
 * the connection in HTTP/1.1: {@link #notHttp2()} says why, and the rest is counted, not decoded.
 *
 * <p>Over 500 lines as one class: it is one state machine over both directions of a connection (preface, frame
 * readers, HPACK decoders, streams and windows), and every frame it reads touches most of that state.
 */
public final class Http2Observer {

    private static final byte[] CLIENT_PREFACE = Preface.bytes();
    private static final int RECENTLY_CLOSED = 1_024;
    /** The header a violation outside any frame carries (the preface, the HTTP/1.1 start). */
    private static final FrameHeader NO_FRAME = new FrameHeader(0, 0, 0, 0, false);

    /**
     * A stream that closed: whether the perspective endpoint closed it by a frame it received, its state just
     * before, and its windows then (a frame the endpoint sent before it read the close still moved them, as the
     * engine reports).
     */
    private record ClosedStream(boolean byReceiving, StreamState before, StreamWindows windows) {
    }

    /** A stream's send and receive windows, as the perspective endpoint has them. */
    private record StreamWindows(FlowWindow send, FlowWindow receive) {
        FlowWindow side(WindowSide side) {
            return side == WindowSide.SEND ? send : receive;
        }
    }

    private final Role perspective;
    private final long connectionId;
    private final long startNanos;
    private final TraceSink sink;
    private final StreamRegistry registry;
    private final Flow fromClient;
    private final Flow fromServer;
    /** What the windows below applied although the flow-control rules refuse it (a sender past its window). */
    private final FlowWindow.Overflows windowOverflows = new FlowWindow.Overflows();
    private final StreamIdMap<StreamWindows> streamWindows = new StreamIdMap<>();
    /** The streams closed last, for the frames that crossed their close ({@link #crossedTheClose}); oldest dropped. */
    private final RecentlyClosed<ClosedStream> recentlyClosed = new RecentlyClosed<>(RECENTLY_CLOSED);
    private final FlowWindow connectionSend = FlowWindow.lenient(0, FlowWindow.DEFAULT_INITIAL_SIZE, windowOverflows);
    private final FlowWindow connectionReceive = FlowWindow.lenient(0, FlowWindow.DEFAULT_INITIAL_SIZE, windowOverflows);
    /** What a new stream's receive window begins at: the larger of our acknowledged and last announced value. */
    private int receiveInitial = FlowWindow.DEFAULT_INITIAL_SIZE;
    /** Our SETTINGS as sent and acknowledged. */
    private final SettingsSync localSettings = new SettingsSync();
    /** The peer's SETTINGS as received, and the check of ours as the peer receives them. */
    private final SettingsReceiver remoteSettings;
    private final SettingsReceiver localSettingsAtPeer;
    private long now;
    private int prefaceMatched;
    private long violations;
    /** The HTTP/1.1 start of an {@code Upgrade: h2c} connection, when the client's bytes begin with a request. */
    private final UpgradePrelude prelude = new UpgradePrelude(new PreludeEffects());
    private boolean clientOpaque;
    /** The server's first octets until they tell an HTTP/1.x answer ("HTTP/") from frames. */
    private final byte[] serverStart = new byte[UpgradePrelude.RESPONSE_PREFIX];
    private int serverStartRead;
    private ServerPhase serverPhase = ServerPhase.START;
    /** An upgraded request waiting to become stream 1: after the endpoint's own first SETTINGS, as the engine opens it. */
    private boolean streamOnePending;
    private boolean ownSettingsSent;

    /** What the server's bytes are read as. */
    private enum ServerPhase { START, HTTP1, FRAMES, OPAQUE }

    /** Events go to {@code sink} as the endpoint of role {@code perspective} would publish them. */
    public Http2Observer(Role perspective, long connectionId, TraceSink sink, long startNanos) {
        this(ConnectionOpened.of(connectionId, 0, perspective), sink, startNanos);
    }

    /**
     * As {@link #Http2Observer(Role, long, TraceSink, long)}, publishing {@code opened} as the first event: for an
     * observer that knows the addresses, the TLS parameters or the other leg of a proxied pair.
     */
    public Http2Observer(ConnectionOpened opened, TraceSink sink, long startNanos) {
        Role perspective = opened.role();
        long connectionId = opened.connectionId();
        this.perspective = perspective;
        this.connectionId = connectionId;
        this.startNanos = startNanos;
        this.sink = sink;
        this.now = startNanos;
        this.registry = new StreamRegistry(perspective);
        this.remoteSettings = new SettingsReceiver(perspective);
        this.localSettingsAtPeer = new SettingsReceiver(perspective == Role.SERVER ? Role.CLIENT : Role.SERVER);
        this.fromClient = new Flow(perspective == Role.SERVER ? Direction.INBOUND : Direction.OUTBOUND);
        this.fromServer = new Flow(perspective == Role.CLIENT ? Direction.INBOUND : Direction.OUTBOUND);
        sink.onEvent(opened);
    }

    /**
     * Bytes the client sent, any part of the stream: the connection preface first, or an HTTP/1.1 request with
     * {@code Upgrade: h2c} (RFC 7540 §3.2), then the preface once the server switched.
     */
    public void clientBytes(ByteBuffer bytes, long nowNanos) {
        now = nowNanos;
        fromClient.bytes += bytes.remaining();
        if (prelude.clientBegan() && prefaceMatched == 0 && !afterRequest(bytes)) {
            return;
        }
        while (prefaceMatched < CLIENT_PREFACE.length && bytes.hasRemaining()) {
            byte b = bytes.get();
            if (b != CLIENT_PREFACE[prefaceMatched]) {
                if (prelude.clientBegan()) { // after its Upgrade: h2c request the client did not send the preface
                    prelude.clientStayed();
                    skipClient(bytes);
                    return;
                }
                byte[] seen = Arrays.copyOf(CLIENT_PREFACE, prefaceMatched + 1);
                seen[prefaceMatched] = b;
                if (Http1RequestParser.mayBeginRequestLine(seen)) {
                    seen = Arrays.copyOf(seen, prefaceMatched);
                    prefaceMatched = 0;
                    bytes.position(bytes.position() - 1);
                    prelude.beginRequest(seen);
                    if (!afterRequest(bytes)) {
                        return;
                    }
                    continue;
                }
                // RFC9113 §3.4: the client preface "MUST" start the connection; decode the rest as frames anyway
                violation(NO_FRAME, Violation.of(StartRule.CLIENT_PREFACE_INVALID, "the client's bytes do not begin with "
                        + "the connection preface (octet " + prefaceMatched + ")"));
                prefaceMatched = CLIENT_PREFACE.length;
                bytes.position(bytes.position() - 1);
                break;
            }
            prefaceMatched++;
            if (prefaceMatched == CLIENT_PREFACE.length && prelude.clientBegan()) {
                prelude.prefaceAfterRequest();
            }
        }
        if (clientOpaque) {
            skipClient(bytes);
            return;
        }
        fromClient.read(bytes);
    }

    /** Reads the client's HTTP/1.1 request; true when the preface is next (more of {@code bytes} may follow). */
    private boolean afterRequest(ByteBuffer bytes) {
        if (clientOpaque) {
            skipClient(bytes);
            return false;
        }
        UpgradePrelude.Next next = prelude.request(bytes);
        if (next == UpgradePrelude.Next.OPAQUE) {
            skipClient(bytes);
            return false;
        }
        return next == UpgradePrelude.Next.HTTP2;
    }

    /** The rest of the client's stream is HTTP/1.1 (or broken beyond reading): counted, not decoded. */
    private void skipClient(ByteBuffer bytes) {
        clientOpaque = true;
        bytes.position(bytes.limit());
    }

    /** {@code listener} hears of every frame (and every frame it could not read) that {@code sender} sent. */
    public void listen(Role sender, FrameListener listener) {
        (sender == Role.CLIENT ? fromClient : fromServer).listener = listener;
    }

    /**
     * The SETTINGS_MAX_FRAME_SIZE the perspective endpoint receives with until a SETTINGS says otherwise
     * (for a capture that begins after the SETTINGS exchange).
     */
    public void setReceiveMaxFrameSize(int size) {
        flow(Direction.INBOUND).reader.setMaxFrameSize(size);
    }

    /**
     * Bytes the server sent, any part of the stream: frames, or first an HTTP/1.1 answer to {@code Upgrade: h2c}
     * (a 101, after which frames follow, or a response that keeps the connection in HTTP/1.1).
     */
    public void serverBytes(ByteBuffer bytes, long nowNanos) {
        now = nowNanos;
        fromServer.bytes += bytes.remaining();
        if (serverPhase == ServerPhase.START) {
            while (serverStartRead < serverStart.length && bytes.hasRemaining()) {
                serverStart[serverStartRead++] = bytes.get();
            }
            if (serverStartRead < serverStart.length) {
                return;
            }
            if (Arrays.equals(serverStart, "HTTP/".getBytes(StandardCharsets.US_ASCII))) {
                serverPhase = ServerPhase.HTTP1;
                serverAnswer(prelude.beginResponse(serverStart.clone()));
            } else {
                serverPhase = ServerPhase.FRAMES;
                if (prelude.clientBegan()) {
                    prelude.framesInsteadOfAnswer();
                }
                fromServer.read(ByteBuffer.wrap(serverStart.clone()));
            }
        }
        if (serverPhase == ServerPhase.HTTP1 && bytes.hasRemaining()) {
            serverAnswer(prelude.response(bytes));
        }
        if (serverPhase == ServerPhase.FRAMES) {
            fromServer.read(bytes);
        } else {
            bytes.position(bytes.limit());
        }
    }

    private void serverAnswer(UpgradePrelude.Next next) {
        if (next == UpgradePrelude.Next.HTTP2) {
            serverPhase = ServerPhase.FRAMES;
        } else if (next == UpgradePrelude.Next.OPAQUE) {
            serverPhase = ServerPhase.OPAQUE;
        }
    }

    /**
     * Why this connection is not HTTP/2 past its HTTP/1.1 start, if it is not: the client's request did not ask for
     * {@code Upgrade: h2c}, or the server answered it without switching (RFC 7540 §3.2). What follows in HTTP/1.1 is
     * not decoded; a server that answered with frames at once (h2c by prior knowledge only) has them decoded.
     */
    public Optional<String> notHttp2() {
        return prelude.stayedHttp1();
    }

    /** The input ended (both directions): publishes the close, with what was seen. */
    public void finish(long nowNanos) {
        finish(nowNanos, "");
    }

    /** As {@link #finish(long)}, saying how the transport ended ({@code why}, the closed event's debug text). */
    public void finish(long nowNanos, String why) {
        now = nowNanos;
        Flow out = flow(Direction.OUTBOUND);
        Flow in = flow(Direction.INBOUND);
        String text = notHttp2().map(no -> "no HTTP/2: " + no + (why.isEmpty() ? "" : "; " + why)).orElse(why);
        sink.onEvent(new ConnectionClosed(connectionId, t(), null, ConnectionClosed.Cause.TRANSPORT_CLOSED, -1, -1, text,
                null, out.bytes, in.bytes, out.frames, in.frames));
    }

    /** Rules broken so far, by either peer. */
    public long violations() {
        return violations;
    }

    /**
     * How many window changes the peers made that the flow-control rules refuse (DATA past a window, a
     * WINDOW_UPDATE or SETTINGS change past 2^31-1): the windows show them applied, held to an {@code int}.
     */
    public long windowOverflows() {
        return windowOverflows.count();
    }

    /** Where the client's (or the server's) input stopped inside a frame, if it did. */
    public Optional<PartialFrame> partialFrame(boolean client) {
        if (!client && serverPhase == ServerPhase.START && serverStartRead > 0) {
            return Optional.of(new PartialFrame(serverStartRead, FrameSizes.HEADER_LENGTH, true));
        }
        return (client ? fromClient : fromServer).reader.partialFrame();
    }

    private Flow flow(Direction direction) {
        return fromClient.direction == direction ? fromClient : fromServer;
    }

    private long t() {
        return now - startNanos;
    }

    // ---------------------------------------------------------------- one direction

    /** The bytes of one direction: a reader, the HPACK context its blocks use, a field block being joined. */
    private final class Flow implements FrameHandler {
        final Direction direction;
        final FrameReader reader = FrameReader.lenient(FrameSizes.DEFAULT_MAX_FRAME_SIZE);
        final HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 24);
        final FieldBlockJoiner blocks = new FieldBlockJoiner();
        FrameListener listener;
        /** The field block the frame being applied completed, decoded; null when it completed none or it did not decode. */
        List<HeaderField> completed;
        long bytes;
        long frames;

        Flow(Direction direction) {
            this.direction = direction;
            HpackContext context = direction == Direction.INBOUND ? HpackContext.DECODER : HpackContext.ENCODER;
            decoder.dynamicTable().listen(new TableListener() {
                @Override
                public void added(String name, String value, int size) {
                    sink.onEvent(new HpackEntryAdded(connectionId, t(), context, name, value, size));
                }

                @Override
                public void evicted(int count) {
                    sink.onEvent(new HpackEntriesEvicted(connectionId, t(), context, count));
                }

                @Override
                public void resized(int maxSize) {
                    sink.onEvent(new HpackTableResized(connectionId, t(), context, maxSize));
                }
            });
        }

        void read(ByteBuffer in) {
            reader.read(in, this);
        }

        boolean inbound() {
            return direction == Direction.INBOUND;
        }

        @Override
        public void onViolation(FrameHeader header, Violation violation) {
            frames++;
            violation(header, violation);
            if (listener != null) {
                listener.brokenFrame(header, violation);
            }
        }

        @Override
        public void onFrame(Frame frame) {
            frames++;
            FrameHeader header = reader.currentHeader();
            boolean ownFirstSettings = !inbound() && !ownSettingsSent && frame instanceof SettingsFrame s && !s.ack();
            if (!ownFirstSettings) {
                openStreamOne();
            }
            List<HeaderField> headers = List.of();
            completed = null;
            SenderEnd before = listener == null ? null : registry.senderEnd(frame.streamId(), inbound());
            try {
                headers = apply(frame, header);
            } catch (H2Exception e) {
                violation(header, new Violation(e.spec(), e.scope(), e.code(), e.detail(), e.rule()));
            }

            int id = frame.streamId();
            StreamWindows w = streamWindows.get(id);
            sink.onEvent(new FrameEvent(connectionId, t(), direction, header, frame, headers, connectionSend.size(),
                    connectionReceive.size(), id > 0 && w != null ? w.send().size() : -1,
                    id > 0 && w != null ? w.receive().size() : -1,
                    id > 0 ? registry.state(id) : null, null, reader.currentPadding()));
            if (ownFirstSettings) {
                ownSettingsSent = true;
                openStreamOne();
            }
            if (listener != null) {
                listener.frame(frame, completed, before);
            }
        }

        /** The frame's effects on the connection state, as events; returns the field block it completed, decoded. */
        private List<HeaderField> apply(Frame frame, FrameHeader header) {
            try {
                blocks.checkSequence(frame.typeCode(), frame.streamId());
            } catch (ConnectionError e) {
                blocks.abandon(); // the frame is a break, not part of the block; what follows is read afresh
                throw e;
            }
            if (frame instanceof DataFrame d) {
                int length = d.payloadLength();
                window(inbound() ? WindowSide.RECEIVE : WindowSide.SEND, -length, WindowCause.DATA);
                if (windows(d.streamId(), !inbound()) != null) {
                    streamWindow(d.streamId(), inbound() ? WindowSide.RECEIVE : WindowSide.SEND, -length,
                            WindowCause.DATA);
                }
                boolean accepted = input(header, d.streamId(), inbound() ? StreamInput.RECV_DATA : StreamInput.SEND_DATA);
                if (accepted && d.endStream()) {
                    input(header, d.streamId(), inbound() ? StreamInput.RECV_END_STREAM : StreamInput.SEND_END_STREAM);
                }
            } else if (frame instanceof HeadersFrame h) {
                return fieldBlock(blocks.start(h, h.fragment(), h.endHeaders()), header);
            } else if (frame instanceof PushPromiseFrame p) {
                return fieldBlock(blocks.start(p, p.fragment(), p.endHeaders()), header);
            } else if (frame instanceof ContinuationFrame c) {
                return fieldBlock(blocks.append(c), header);
            } else if (frame instanceof PriorityFrame p) {
                input(header, p.streamId(), inbound() ? StreamInput.RECV_PRIORITY : StreamInput.SEND_PRIORITY);
            } else if (frame instanceof RstStreamFrame r) {
                input(header, r.streamId(), inbound() ? StreamInput.RECV_RST_STREAM : StreamInput.SEND_RST_STREAM);
            } else if (frame instanceof SettingsFrame s) {
                settings(s);
            } else if (frame instanceof WindowUpdateFrame w) {
                FrameValidator.checkWindowUpdateIncrement(w.streamId(), w.increment()).ifPresent(v -> {
                    throw v.toException(w.streamId());
                });
                WindowSide side = inbound() ? WindowSide.SEND : WindowSide.RECEIVE;
                if (w.streamId() == 0) {
                    window(side, w.increment(), WindowCause.WINDOW_UPDATE);
                } else {
                    input(header, w.streamId(), inbound() ? StreamInput.RECV_WINDOW_UPDATE : StreamInput.SEND_WINDOW_UPDATE);
                    if (windows(w.streamId(), !inbound()) != null) {
                        streamWindow(w.streamId(), side, w.increment(), WindowCause.WINDOW_UPDATE);
                    }
                }
            }
            return List.of();
        }

        /** A field block the frame completed (null when it is still open): decoded, and its stream moved. */
        private List<HeaderField> fieldBlock(FieldBlockJoiner.Block block, FrameHeader header) {
            if (block == null) {
                return List.of();
            }
            List<HeaderField> fields = List.of();
            ConnectionError undecodable = null;
            try {
                fields = decoder.decode(block.fragment());
                completed = fields;
            } catch (HeaderListSizeException e) {
                // too long to keep, but decoded: the stream moves as for any other block
            } catch (HpackException e) {
                // RFC9113 §4.3: "A decoding error in a field block MUST be treated as a connection error ... COMPRESSION_ERROR"
                undecodable = new ConnectionError(e.rule(), e.detail() + " at byte " + e.offset());
                if (listener != null) {
                    listener.undecodableBlock(block.streamId(), block.fragment().length, e);
                }
            }
            // the frame opened or closed its stream even when its block cannot be decoded: a peer that did not
            // notice the error answers on that stream, which is no second break
            moveStream(block.first(), header);
            if (undecodable != null) {
                throw undecodable;
            }
            return fields;
        }

        private void moveStream(Frame first, FrameHeader header) {
            if (first instanceof PushPromiseFrame p) {
                if (input(header, p.streamId(), inbound() ? StreamInput.RECV_PUSH_PROMISE : StreamInput.SEND_PUSH_PROMISE)) {
                    input(header, p.promisedStreamId(), inbound() ? StreamInput.RECV_PROMISED_ID : StreamInput.SEND_PROMISED_ID);
                }
            } else {
                HeadersFrame h = (HeadersFrame) first;
                boolean accepted = input(header, h.streamId(), inbound() ? StreamInput.RECV_HEADERS : StreamInput.SEND_HEADERS);
                if (accepted && h.endStream()) {
                    input(header, h.streamId(), inbound() ? StreamInput.RECV_END_STREAM : StreamInput.SEND_END_STREAM);
                }
            }
        }

        private void settings(SettingsFrame s) {
            Side sender = inbound() ? Side.REMOTE : Side.LOCAL;
            if (s.ack()) {
                // an ACK acknowledges the other side's oldest SETTINGS (RFC 9113 §6.5.3)
                if (sender == Side.REMOTE) {
                    sink.onEvent(new SettingsAcknowledged(connectionId, t(), Side.LOCAL));
                    if (localSettings.pendingCount() > 0) { // an ACK of nothing is the engine's break, not ours to judge
                        Settings local = localSettings.onAck();
                        localFollows();
                        // RFC 7541 §4.2: the decoder's limit follows our SETTINGS_HEADER_TABLE_SIZE once acknowledged
                        flow(Direction.INBOUND).decoder.setMaxTableSize((int) Math.min(Integer.MAX_VALUE,
                                local.headerTableSize()));
                        sink.onEvent(new SettingsInForce(connectionId, t(), Side.LOCAL, local));
                    }
                } else {
                    sink.onEvent(new SettingsAcknowledged(connectionId, t(), Side.REMOTE));
                }
                return;
            }
            // the receiver checks the values (RFC 9113 §6.5.2): the receiver of ours is the other endpoint
            if (sender == Side.LOCAL) {
                List<Setting> entries = localSettingsAtPeer.validated(s.settings());
                sink.onEvent(new SettingsAnnounced(connectionId, t(), sender, entries));
                localSettings.onSent(entries, now);
                localFollows();
                return;
            }
            SettingsReceiver.Received received = remoteSettings.receive(s.settings());
            sink.onEvent(new SettingsAnnounced(connectionId, t(), sender, received.entries()));
            Settings remote = received.after();
            long delta = (long) remote.initialWindowSize() - received.before().initialWindowSize();
            if (delta != 0) {
                for (int id : streamWindows.keys()) {
                    streamWindow(id, WindowSide.SEND, delta, WindowCause.INITIAL_WINDOW_SIZE);
                }
            }
            flow(Direction.OUTBOUND).decoder.setMaxTableSize((int) Math.min(Integer.MAX_VALUE, remote.headerTableSize()));
            // the peer's maximum frame size bounds what we send
            flow(Direction.OUTBOUND).reader.setMaxFrameSize((int) remote.maxFrameSize());
            sink.onEvent(new SettingsInForce(connectionId, t(), Side.REMOTE, remote));
        }

        /**
         * Our values that loosen a limit hold from when they are sent, those that tighten it from the ACK, as the
         * engine applies them (its {@code SettingsEffects.applyLocal}): the stream receive windows and our
         * maximum frame size follow the larger of the acknowledged and the last announced value.
         */
        private void localFollows() {
            int initial = (int) localSettings.looser(SettingId.INITIAL_WINDOW_SIZE);
            if (initial != receiveInitial) {
                long delta = (long) initial - receiveInitial;
                receiveInitial = initial;
                for (int id : streamWindows.keys()) {
                    streamWindow(id, WindowSide.RECEIVE, delta, WindowCause.INITIAL_WINDOW_SIZE);
                }
            }
            flow(Direction.INBOUND).reader.setMaxFrameSize((int) localSettings.looser(SettingId.MAX_FRAME_SIZE));
        }
    }

    // ---------------------------------------------------------------- h2c upgrade

    /** What the HTTP/1.1 start of the connection does to it, as the engine applies it at each end (core/UpgradeStart). */
    private final class PreludeEffects implements UpgradePrelude.Listener {

        @Override
        public void head(boolean fromClient, String text) {
            sink.onEvent(new Http1Head(connectionId, t(), fromClient == (perspective == Role.CLIENT), text));
        }

        @Override
        public void upgraded(byte[] settingsPayload) {
            if (settingsPayload != null && perspective == Role.SERVER) {
                remoteSettingsFromUpgrade(settingsPayload);
            }
            streamOnePending = true;
            if (ownSettingsSent) {
                openStreamOne();
            }
        }

        @Override
        public void broken(Violation violation) {
            violation(NO_FRAME, violation);
        }
    }

    /**
     * RFC 7540 §3.2.1: "A server decodes and interprets the value of the HTTP2-Settings header field as it would any
     * other SETTINGS frame", and the 101 acknowledges it. The engine's client announces the same values in its first
     * SETTINGS frame, and publishes nothing for the header; so only a server's view has these events.
     */
    private void remoteSettingsFromUpgrade(byte[] payload) {
        if (payload.length % SettingsFrame.SETTING_LENGTH != 0) {
            // RFC9113 §6.5: "A SETTINGS frame with a length other than a multiple of 6 octets MUST be treated as a connection error ... FRAME_SIZE_ERROR"
            violation(NO_FRAME, Violation.of(StartRule.UPGRADE_SETTINGS_LENGTH,
                    "HTTP2-Settings decodes to " + payload.length + " octets, not a multiple of 6"));
            return;
        }
        List<io.h2scope.engine.frame.RawSetting> entries = new ArrayList<>();
        for (int i = 0; i < payload.length; i += SettingsFrame.SETTING_LENGTH) {
            int id = (payload[i] & 0xff) << 8 | (payload[i + 1] & 0xff);
            long value = (payload[i + 2] & 0xffL) << 24 | (payload[i + 3] & 0xffL) << 16 | (payload[i + 4] & 0xffL) << 8
                    | (payload[i + 5] & 0xffL);
            entries.add(new io.h2scope.engine.frame.RawSetting(id, value));
        }
        try {
            fromClient.settings(SettingsFrame.of(entries));
        } catch (H2Exception e) {
            violation(NO_FRAME, new Violation(e.spec(), e.scope(), e.code(), "HTTP2-Settings: " + e.detail(), e.rule()));
            return;
        }
        sink.onEvent(new SettingsAcknowledged(connectionId, t(), Side.REMOTE));
    }

    /** RFC 7540 §3.2: the upgraded request "is assigned a stream identifier of 1", half-closed toward the server. */
    private void openStreamOne() {
        if (!streamOnePending) {
            return;
        }
        streamOnePending = false;
        boolean received = perspective == Role.SERVER;
        input(NO_FRAME, 1, received ? StreamInput.RECV_HEADERS : StreamInput.SEND_HEADERS);
        input(NO_FRAME, 1, received ? StreamInput.RECV_END_STREAM : StreamInput.SEND_END_STREAM);
    }

    // ---------------------------------------------------------------- state

    /** One stream input through the registry; a rejected input is a violation of the sender (and false). */
    private boolean input(FrameHeader header, int streamId, StreamInput input) {
        StreamState before = registry.state(streamId);
        if (before == StreamState.CLOSED && crossedTheClose(streamId, input)) {
            return false; // not a break: it was on its way before its sender read the frame that closed the stream
        }
        Transition t = registry.apply(streamId, input);
        StreamState after = registry.state(streamId);
        if (before != after) {
            sink.onEvent(new StreamStateChanged(connectionId, t(), streamId, before, after, input));
            if (before == StreamState.IDLE && after != StreamState.CLOSED) {
                int sendInitial = (int) remoteSettings.current().initialWindowSize();
                streamWindows.put(streamId, new StreamWindows(FlowWindow.lenient(streamId, sendInitial, windowOverflows),
                        FlowWindow.lenient(streamId, receiveInitial, windowOverflows)));
                // as the engine: an opened window is an event even at 0
                sink.onEvent(new WindowChanged(connectionId, t(), streamId, WindowSide.RECEIVE, 0, receiveInitial,
                        WindowCause.OPENED));
                sink.onEvent(new WindowChanged(connectionId, t(), streamId, WindowSide.SEND, 0, sendInitial,
                        WindowCause.OPENED));
            }
            if (after == StreamState.CLOSED) {
                recentlyClosed.remember(streamId, new ClosedStream(input.isReceive(), before,
                        streamWindows.remove(streamId)));
            }
        }
        if (t instanceof Transition.Reject r) {
            violation(header, Violation.of(r.rule(), r.why()));
            return false;
        }
        return true;
    }

    /**
     * A WINDOW_UPDATE, RST_STREAM or DATA on a stream that its sender closed by receiving (END_STREAM or RST_STREAM
     * from the other side), which the sender could still send just before. Two byte streams do not say which of two
     * crossing frames was written first: the sender may have written it before it read the close, which RFC 9113
     * §5.1 expects ("might receive a WINDOW_UPDATE or RST_STREAM frame from its peer in the time before the peer
     * receives and processes the frame that closes the stream"; DATA crosses a RST_STREAM the same way), and the
     * engine then ignores it. So does the observer. DATA after the sender's own END_STREAM stays a break.
     */
    private boolean crossedTheClose(int streamId, StreamInput input) {
        ClosedStream closed = recentlyClosed.get(streamId);
        // the perspective closed it by receiving: a frame it sends crossed; the peer closed it by receiving: one it sends did
        if (closed == null || closed.byReceiving() != !input.isReceive()) {
            return false;
        }
        StreamState before = closed.before();
        return switch (input) {
            case SEND_WINDOW_UPDATE, RECV_WINDOW_UPDATE, SEND_RST_STREAM, RECV_RST_STREAM -> true;
            // the sender had not ended its side: open, or half-closed only for the other side
            case SEND_DATA -> before == StreamState.OPEN || before == StreamState.HALF_CLOSED_REMOTE;
            case RECV_DATA -> before == StreamState.OPEN || before == StreamState.HALF_CLOSED_LOCAL;
            default -> false;
        };
    }

    /** The connection window of {@code side} moves by {@code delta}. */
    private void window(WindowSide side, long delta, WindowCause cause) {
        move(0, side == WindowSide.SEND ? connectionSend : connectionReceive, side, delta, cause);
    }

    /**
     * A stream's windows: an open stream's, or, for a frame the perspective endpoint sent ({@code outbound}) on a
     * stream it closed by receiving, those it had at the close (it sent the frame before it read the close).
     */
    private StreamWindows windows(int streamId, boolean outbound) {
        StreamWindows w = streamWindows.get(streamId);
        if (w == null && outbound) {
            ClosedStream closed = recentlyClosed.get(streamId);
            if (closed != null && closed.byReceiving()) {
                w = closed.windows();
            }
        }
        return w;
    }

    private void streamWindow(int streamId, WindowSide side, long delta, WindowCause cause) {
        StreamWindows w = streamWindows.get(streamId);
        if (w == null) {
            w = windows(streamId, true);
        }
        move(streamId, w.side(side), side, delta, cause);
    }

    /** Applies a change by the flow-control rules (a refused one counted, not thrown) and publishes it. */
    private void move(int streamId, FlowWindow window, WindowSide side, long delta, WindowCause cause) {
        int old = window.size();
        switch (cause) {
            case DATA -> window.consume((int) -delta);
            case WINDOW_UPDATE -> window.expand((int) delta);
            default -> window.applyInitialSizeDelta(delta);
        }
        if (window.size() != old) { // as the engine: a window that did not move (an empty DATA) is no event
            sink.onEvent(new WindowChanged(connectionId, t(), streamId, side, old, window.size(), cause));
        }
    }

    private void violation(FrameHeader header, Violation violation) {
        violations++;
        sink.onEvent(new ViolationReceived(connectionId, t(), header, violation));
    }
}
