package io.h2scope.conformance.peer;

import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.observer.FirstOctets;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.scripted.SocketWire;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.text.FrameDescriber;
import io.h2scope.engine.trace.text.FrameWords;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The scripted raw peer the cases drive: a client that can send anything (valid frames, broken
 * frames, bytes that are no frame at all) and reports what the target did as typed
 * {@link PeerEvent}s. It writes and reads through the engine's scripted peer ({@link ScriptedPeer}: frame writers,
 * HPACK encoder, observer), never through a connection state machine, so nothing stops it from breaking a rule;
 * what it adds is the conformance side: targets, the automatic answers, the evidence and the handshake's verdicts.
 *
 * <p>It answers two things on its own, always recorded: the target's SETTINGS get an ACK
 * (RFC9113 §6.5.3) and the target's PINGs get a PING ACK (RFC9113 §6.7). A target's PING is
 * therefore never mistaken for the answer to ours (h2spec takes the first PING it sees).
 *
 * <p>Every octet both ways goes through the scripted peer's {@code Http2Observer} (the engine's one decoder of other people's
 * traffic): its events are the evidence of a verdict in {@link #trace()} (each frame and each rule either side
 * broke, with its rule id, as a trace event of this peer's {@link #connectionId()}, with the stream states and
 * windows of both sides it tracks), and the target's frames it read ({@link TargetFrames}) are what the peer
 * answers and judges, so a verdict and its evidence come from one decoding. Blocking sockets; one thread per
 * peer; not thread-safe.
 *
 * <p>Over 500 lines as one class: it is the one API the case scripts call (send any frame or octets, read what
 * came back, close), and those calls share its socket, its HPACK state and the evidence it records.
 */
public final class Peer implements AutoCloseable {

    /** The note the handshake ends with in the evidence: what was sent before it is the greeting. */
    public static final String HANDSHAKE_COMPLETE = "handshake complete";

    private static final AtomicLong CONNECTION_IDS = new AtomicLong();

    private final long connectionId = freshConnectionId();
    private final Target target;
    private final PeerOptions options;
    private final Socket socket;
    /** What the last read from the socket brought, for {@link #firstAnswer}. */
    private final TappedWire wire;
    private final long startNanos = System.nanoTime();
    private final Evidence evidence = new Evidence(startNanos);
    /** The engine's scripted peer: writes what the cases say, reads the target through its observer. */
    private final ScriptedPeer raw;
    private final ArrayDeque<PeerEvent> pending = new ArrayDeque<>();
    private final FirstAnswer firstAnswer = new FirstAnswer(this::onEvent);
    private final Map<Integer, Long> serverSettings = new LinkedHashMap<>();
    private final ServerOutputMonitor monitor = new ServerOutputMonitor(
            v -> note("the target's output breaks " + v.describe()));
    private boolean serverSettingsSeen;
    /** Our SETTINGS frames (not ACKs) sent, and the target's ACKs received: ACKs come in order (RFC9113 §6.5.3). */
    private int settingsSent;
    private int settingsAcked;
    private int highestStreamSent;
    private final java.util.Set<Long> pingsSent = new java.util.HashSet<>();
    /** True between our HEADERS without END_HEADERS and the CONTINUATION that ends the block: no other frame may go then. */
    private boolean blockOpen;
    private PeerEvent.ConnectionClosed closed;
    /** True once the target sent any octet on this connection. */
    private boolean answered;
    private long pingCounter;
    /** When the TCP connect of this connection began. */
    private final long connectStartedNanos;
    /** Told once, when the target acknowledged our first SETTINGS; null when nobody asked. */
    private Runnable onServed;

    private Peer(Target target, PeerOptions options, Socket socket, long connectStartedNanos) throws IOException {
        this.connectStartedNanos = connectStartedNanos;
        this.target = target;
        this.options = options;
        this.socket = socket;
        this.wire = new TappedWire(new SocketWire(socket));
        // its opening carries the wall clock read with startNanos, so the evidence tells when it happened
        this.raw = ScriptedPeer.over(wire, ConnectionOpened.of(connectionId, 0, Role.CLIENT,
                ConnectionOrigin.at(Instant.now())), evidence, startNanos);
        note("connected to " + target.url() + (target.tls() ? " (TLS, ALPN h2)" : " (h2c, prior knowledge)"));
    }

    /** Opens a connection (TCP, plus TLS and ALPN h2 for an https target); sends nothing yet. */
    public static Peer connect(Target target, PeerOptions options) throws HandshakeException {
        long started = System.nanoTime();
        Socket socket = Connector.open(target, options.insecure(), options.timeout().multipliedBy(2));
        try {
            return new Peer(target, options, socket, started);
        } catch (IOException e) {
            Connector.closeQuietly(socket);
            throw new HandshakeException(HandshakeException.Kind.CONNECT, "cannot use the socket: " + e.getMessage(), e);
        }
    }

    /**
     * A bare connection to the target (TCP, plus TLS and ALPN h2 for an https target) with no peer on it: for
     * cases that must send octets the peer would interleave with its own answers (a half-sent preface).
     */
    public static Socket openSocket(Target target, PeerOptions options) throws HandshakeException {
        return Connector.open(target, options.insecure(), options.timeout().multipliedBy(2));
    }

    /**
     * A peer over a socket the caller opened and prepared (e.g. TLS with a protocol or suite of its
     * choosing); sends nothing yet. The peer owns the socket from now on.
     */
    public static Peer over(Target target, PeerOptions options, Socket socket) throws HandshakeException {
        try {
            return new Peer(target, options, socket, System.nanoTime());
        } catch (IOException e) {
            Connector.closeQuietly(socket);
            throw new HandshakeException(HandshakeException.Kind.CONNECT, "cannot use the socket: " + e.getMessage(), e);
        }
    }

    /**
     * An id no peer's connection has: for a connection a case opens without a peer (a hand-built TLS probe), so that
     * its line ({@link NoHttp2}) is a connection of its own in the exchange.
     */
    public static long freshConnectionId() {
        return CONNECTION_IDS.incrementAndGet();
    }

    /** When the TCP connect of this connection began ({@link System#nanoTime()}). */
    public long connectStartedNanos() {
        return connectStartedNanos;
    }

    /**
     * {@code action} runs once, when the target acknowledges our first SETTINGS: it read this connection and
     * answered, which is what the liveness probe asks of a new connection.
     */
    public void whenServed(Runnable action) {
        this.onServed = action;
    }

    /** Unique in this JVM: the trace events of two peers (a case's and its liveness probe's) never share one. */
    public long connectionId() {
        return connectionId;
    }

    public Target target() {
        return target;
    }

    public PeerOptions options() {
        return options;
    }

    /** The per-case wait. */
    public Duration timeout() {
        return options.timeout();
    }

    /**
     * How long this case may wait for the target to act: its declared budget times the run's budget scale.
     *
     * @throws IllegalStateException in a case that declared no budget (a bug in the case)
     */
    public Duration budget() {
        if (options.budget() == null) {
            throw new IllegalStateException("this case declared no budget (CaseDef.Builder.budget)");
        }
        return options.budget();
    }

    /**
     * The HTTP/2 preface exchange: our preface and SETTINGS, then reads until the target's SETTINGS
     * arrived (and is ACKed), answering whatever else comes first. Our SETTINGS ACK is awaited only
     * when our preface SETTINGS carries values (they must be in force before the case goes on):
     * RFC9113 §3.4 lets a client send frames at once, and a case that depends on the ACK waits for
     * it itself ({@link #settingsAllAcked}), so a target that never ACKs is judged by the cases about
     * ACKs rather than making every case inconclusive.
     */
    public void handshake() throws HandshakeException {
        sendPreface();
        send(SettingsFrame.of(options.settings()));
        Duration wait = options.timeout().multipliedBy(2);
        long deadline = System.nanoTime() + wait.toNanos();
        while (!serverSettingsSeen || !options.settings().isEmpty() && !settingsAllAcked()) {
            PeerEvent event = nextEvent(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (event instanceof PeerEvent.Http1Response h) {
                throw new HandshakeException(HandshakeException.Kind.HTTP1,
                        "the target answered the HTTP/2 preface with an HTTP/1 status line \"" + h.statusLine() + "\"");
            } else if (event instanceof PeerEvent.NotHttp2 n) {
                throw new HandshakeException(HandshakeException.Kind.NOT_HTTP2, n.kind() == FirstOctets.Kind.TLS && !target.tls()
                        ? "the port answered with TLS (" + n.description() + "): try " + target.withTls(true).url()
                        : "the target answered the HTTP/2 preface with " + n.description() + ", not HTTP/2 frames");
            } else if (event instanceof PeerEvent.ConnectionClosed c && !answered) {
                throw new HandshakeException(HandshakeException.Kind.NO_ANSWER, "the connection " + c.how()
                        + " without a single octet in answer to the HTTP/2 preface");
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                throw new HandshakeException(HandshakeException.Kind.CLOSED, "the connection " + c.how() + " during the preface");
            } else if (event instanceof PeerEvent.Timeout && !answered) {
                throw new HandshakeException(HandshakeException.Kind.NO_ANSWER, "no answer to the HTTP/2 preface in "
                        + wait.toMillis() + " ms: the port accepted the connection and sent nothing");
            } else if (event instanceof PeerEvent.Timeout) {
                throw serverSettingsSeen
                        ? new HandshakeException(HandshakeException.Kind.NO_SETTINGS_ACK, "the target did not acknowledge our SETTINGS in "
                                + wait.toMillis() + " ms (RFC 9113 §6.5.3: \"the recipient MUST immediately emit a SETTINGS frame with the ACK flag set\")")
                        : new HandshakeException(HandshakeException.Kind.TIMEOUT, "no SETTINGS from the target in " + wait.toMillis()
                                + " ms (RFC 9113 §3.4: the server connection preface is a SETTINGS frame)");
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                // GOAWAY NO_ERROR: shutting down, says nothing; any other code is the target's answer to a valid preface
                throw new HandshakeException(g.errorCode() == 0 ? HandshakeException.Kind.CLOSED : HandshakeException.Kind.REFUSED,
                        "the target answered our valid connection preface with " + FrameWords.goAway(g));
            }
        }
        note(HANDSHAKE_COMPLETE);
    }

    /** True when the target has acknowledged every SETTINGS frame we sent (RFC9113 §6.5.3: in order, one ACK each). */
    public boolean settingsAllAcked() {
        return settingsAcked >= settingsSent;
    }

    /** How many of our SETTINGS frames the target has not acknowledged yet. */
    public int settingsUnacked() {
        return Math.max(0, settingsSent - settingsAcked);
    }

    /** True when a PING (not ACK) of ours carried {@code payload}. */
    public boolean sentPing(long payload) {
        return pingsSent.contains(payload);
    }

    /** A client stream id no frame of ours has used yet (odd, above every stream id we sent on). */
    public int nextStreamId() {
        int next = highestStreamSent + 1;
        return next % 2 == 1 ? next : next + 1;
    }

    /** What the target sent that breaks a rule, in this connection so far. */
    public List<OutputViolation> outputViolations() {
        return monitor.violations();
    }

    /** Our connection preface octets alone (RFC9113 §3.4), for cases that build the preface themselves. */
    public void sendPreface() {
        write(Preface.bytes(), "PREFACE \"" + Preface.TEXT.replace("\r\n", "\\r\\n") + "\"");
    }

    /** Sends a frame exactly as the record describes it; no size or RFC check. */
    public void send(Frame frame) {
        if (frame instanceof SettingsFrame s && !s.ack()) {
            settingsSent++;
        } else if (frame instanceof PingFrame p && !p.ack()) {
            pingsSent.add(p.opaqueData());
        }
        sentOnStream(frame.streamId());
        trackBlock(frame.typeCode(), frame.flags());
        write(FrameWriter.encode(frame), null); // the observer's line says what went
    }

    private void trackBlock(int typeCode, int flags) {
        boolean endHeaders = (flags & 0x4) != 0;
        if (typeCode == FrameType.HEADERS.code() || typeCode == FrameType.PUSH_PROMISE.code()
                || typeCode == FrameType.CONTINUATION.code()) {
            blockOpen = !endHeaders;
        }
    }

    /**
     * True while a field block of ours is unfinished: any frame but its CONTINUATION would itself be a
     * PROTOCOL_ERROR (RFC9113 §6.10), so no probe may be sent.
     */
    public boolean fieldBlockOpen() {
        return blockOpen;
    }

    private void sentOnStream(int streamId) {
        highestStreamSent = Math.max(highestStreamSent, streamId & 0x7fffffff);
    }

    /** Sends a frame with a header of our choosing; the Length field is the payload's length. */
    public void writeRawFrame(int typeCode, int flags, int streamId, byte[] payload) {
        writeRawFrame(payload.length, typeCode, flags, streamId, false, payload);
    }

    /** Sends any header (Length field may disagree with the payload; reserved bit settable) then the payload. */
    public void writeRawFrame(int lengthField, int typeCode, int flags, int streamId, boolean reservedBit, byte[] payload) {
        byte[] bytes = RawFrameWriter.frame(lengthField, typeCode, flags, streamId, reservedBit, payload);
        sentOnStream(streamId);
        trackBlock(typeCode, flags);
        // a whole frame is described by the observer's line (the frame, or the rule it breaks); a header whose
        // Length disagrees with the payload is no whole frame yet, so it is said here
        write(bytes, lengthField == payload.length ? null : describeLyingHeader(bytes));
    }

    /** Sends bytes as given (half a frame, garbage, an invalid preface). */
    public void sendRaw(byte[] bytes) {
        write(bytes, "RAW " + bytes.length + " octets " + FrameDescriber.printable(bytes));
    }

    /**
     * Sends many frames already encoded back to back in one write, recorded as one line (the flood
     * cases: 20,000 frames must not mean 20,000 trace lines). False when the write failed.
     */
    public boolean sendBatch(byte[] frames, String description) {
        record(EntryDirection.OUT, description);
        for (int at = 0; at + FrameSizes.HEADER_LENGTH <= frames.length; ) { // the stream ids the batch used
            int length = ((frames[at] & 0xff) << 16) | ((frames[at + 1] & 0xff) << 8) | (frames[at + 2] & 0xff);
            sentOnStream(((frames[at + 5] & 0x7f) << 24) | ((frames[at + 6] & 0xff) << 16) | ((frames[at + 7] & 0xff) << 8)
                    | (frames[at + 8] & 0xff));
            at += FrameSizes.HEADER_LENGTH + length;
        }
        // its frames are the one line above
        evidence.feeding(EntryDirection.OUT, true);
        try {
            raw.sendBatch(frames);
            return true;
        } catch (IOException e) {
            note("write failed: " + e.getMessage());
            return false;
        } finally {
            evidence.feeding(EntryDirection.OUT, false);
        }
    }

    /**
     * Like {@link #nextEvent} but returns null, and notes nothing, when nothing arrived within
     * {@code wait}: for floods that peek at the target's reaction between batches.
     */
    public PeerEvent poll(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (pending.isEmpty()) {
            if (closed != null) {
                return closed;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return null;
            }
            readOnce(remaining);
        }
        return pending.poll();
    }

    /** Encodes a field block with this connection's HPACK encoder (its dynamic table persists). */
    public byte[] encodeHeaders(List<HeaderField> fields) {
        return raw.encode(fields);
    }

    /** A valid GET for {@code path} on this target. */
    public List<HeaderField> requestHeaders(String path) {
        return requestHeaders("GET", path);
    }

    /** A valid request head for any method. */
    public List<HeaderField> requestHeaders(String method, String path) {
        return List.of(new HeaderField(":method", method), new HeaderField(":scheme", target.scheme()),
                new HeaderField(":path", path), new HeaderField(":authority", target.authority()));
    }

    /** Sends one HEADERS frame (END_HEADERS set) carrying {@code fields}, encoded with this peer's HPACK encoder. */
    public void sendHeaders(int streamId, List<HeaderField> fields, boolean endStream) {
        send(HeadersFrame.of(streamId, encodeHeaders(fields), endStream, true));
    }

    /** Sends a PING (no ACK) with a payload no earlier PING of ours used; returns the payload. */
    public long sendProbePing() {
        long payload = 0x6832736370650000L | (++pingCounter & 0xffff); // "h2scpe" + counter
        send(PingFrame.of(payload));
        return payload;
    }

    /** The next thing the target did, waiting at most {@code wait}; a closed connection stays closed. */
    public PeerEvent nextEvent(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (pending.isEmpty()) {
            if (closed != null) {
                return closed;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                note("no frame within " + wait.toMillis() + " ms");
                return new PeerEvent.Timeout(wait);
            }
            readOnce(remaining);
        }
        return pending.poll();
    }

    private void readOnce(long remainingNanos) {
        wire.lastRead = 0;
        evidence.feeding(EntryDirection.IN, false);
        raw.readOnce(Duration.ofNanos(remainingNanos));
        if (raw.closed() != null) {
            markClosed(raw.closed().how());
            return;
        }
        if (wire.lastRead > 0) {
            answered = true;
            firstAnswer.feed(wire.lastBuffer, wire.lastRead);
            boolean frames = firstAnswer.frames(); // octets that are no HTTP/2 were said once; their "frames" are no answer
            for (Incoming in = raw.poll(); in != null; in = raw.poll()) {
                if (frames) {
                    onEvent(TargetFrames.event(in));
                }
            }
        }
    }

    private void markClosed(String how) {
        closed = new PeerEvent.ConnectionClosed(how);
        note("connection " + how);
        pending.add(closed);
    }

    private void onEvent(PeerEvent event) {
        if (event instanceof PeerEvent.FrameReceived f) {
            answer(f.frame());
            monitor.onFrame(f.frame(), f.headers(), f.senderEnd());
        } else if (event instanceof PeerEvent.PeerViolation v) {
            monitor.onBrokenFrame(v.header(), v.violation());
        } else if (event instanceof PeerEvent.Http1Response h) {
            record(EntryDirection.IN, "HTTP/1 answer: " + h.statusLine());
        } else if (event instanceof PeerEvent.NotHttp2 n) {
            record(EntryDirection.IN, "not HTTP/2: " + n.description());
        }
        pending.add(event);
    }

    /** The automatic answers: ACK the target's SETTINGS, answer its PINGs. */
    private void answer(Frame frame) {
        if (frame instanceof SettingsFrame s) {
            if (s.ack()) {
                settingsAcked++;
                if (settingsAcked == 1 && onServed != null) {
                    onServed.run();
                }
            } else {
                serverSettingsSeen = true;
                s.settings().forEach(setting -> serverSettings.put(setting.id(), setting.value()));
                // RFC9113 §6.5.3: "the recipient MUST immediately emit a SETTINGS frame with the ACK flag set"
                send(SettingsFrame.ackFrame());
            }
        } else if (frame instanceof PingFrame p && !p.ack()) {
            // RFC9113 §6.7: "Receivers of a PING frame that does not include an ACK flag MUST send a PING frame with the ACK flag set"
            send(PingFrame.ackOf(p.opaqueData()));
        }
    }

    /** A SETTINGS value the target advertised, if it did. */
    public OptionalLong serverSetting(SettingId id) {
        Long value = serverSettings.get(id.code());
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    /** The target's SETTINGS_MAX_FRAME_SIZE (2^14 unless it said otherwise). */
    public int serverMaxFrameSize() {
        long value = serverSetting(SettingId.MAX_FRAME_SIZE).orElse(FrameSizes.DEFAULT_MAX_FRAME_SIZE);
        return (int) Math.max(FrameSizes.DEFAULT_MAX_FRAME_SIZE, Math.min(value, FrameSizes.MAX_FRAME_SIZE_LIMIT));
    }

    /**
     * A Length the target must refuse: one above its advertised max frame size. Empty when it
     * advertised 2^24-1, the largest a 24-bit Length field can carry: then no oversized frame
     * exists, and a case must say so (SKIP) instead of silently sending a legal frame.
     */
    public OptionalInt lengthAboveServerMaxFrameSize() {
        int max = serverMaxFrameSize();
        return max >= FrameSizes.MAX_FRAME_SIZE_LIMIT ? OptionalInt.empty() : OptionalInt.of(max + 1);
    }

    /** True once the target closed or reset the connection (as far as reads have seen). */
    public boolean isClosed() {
        return closed != null;
    }

    /** The evidence so far: every frame both ways and every note, in order. */
    public List<TraceEntry> trace() {
        return evidence.entries();
    }

    /** Adds a line to the evidence. */
    public void note(String text) {
        record(EntryDirection.NOTE, text);
    }

    /**
     * Adds the lines of another connection this case opened (a control run on a fresh connection) to this evidence,
     * after a note that says what it was; its times are its own connection's.
     */
    public void include(String what, List<TraceEntry> lines) {
        note(what);
        evidence.lines(lines);
    }

    private void record(EntryDirection direction, String text) {
        evidence.line(direction, text);
    }

    /** Sends {@code bytes}; {@code description}: a line for octets that are no whole frame, or null. */
    private void write(byte[] bytes, String description) {
        if (description != null) {
            record(EntryDirection.OUT, description);
        }
        evidence.feeding(EntryDirection.OUT, false);
        try {
            raw.send(bytes); // the observer reads it first: its lines come before a failed write's note
        } catch (IOException e) {
            // the target may have closed already; the next read reports how
            note("write failed: " + e.getMessage());
        }
    }

    /** A frame header whose Length field disagrees with the payload that follows it. */
    private static String describeLyingHeader(byte[] bytes) {
        return "RAW frame header length=" + (((bytes[0] & 0xff) << 16) | ((bytes[1] & 0xff) << 8) | (bytes[2] & 0xff))
                + " type=" + FrameType.nameOf(bytes[3] & 0xff) + " flags=0x" + Integer.toHexString(bytes[4] & 0xff)
                + " then " + (bytes.length - FrameSizes.HEADER_LENGTH) + " payload octets";
    }

    @Override
    public void close() {
        Connector.closeAtOnce(socket);
    }
}
