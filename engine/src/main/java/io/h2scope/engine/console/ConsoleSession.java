package io.h2scope.engine.console;

import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.observer.FirstOctets;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.scripted.Wire;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.text.Redaction;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One console connection: a client {@link ScriptedPeer} that runs {@link ConsoleAction}s and prints, as they arrive,
 * the frames both sides sent ({@link ConsolePrinter}). It answers one thing by itself, visibly: the peer's SETTINGS
 * get an ACK (RFC 9113 §6.5.3), unless told not to, so that a server's SETTINGS timeout does not end a session the
 * user is typing into. One thread; not thread-safe.
 */
public final class ConsoleSession implements AutoCloseable {

    /** How long one read waits while the console also watches its input: the delay of a line typed meanwhile. */
    public static final Duration READ_SLICE = Duration.ofMillis(20);

    /** How an h2c connection starts (over TLS, ALPN h2 has been agreed: the preface follows at once). */
    public enum Start {
        /** RFC 9113 §3.3: the preface at once. */
        PRIOR_KNOWLEDGE,
        /** RFC 7540 §3.2: an HTTP/1.1 request with {@code Upgrade: h2c} first; it becomes stream 1. */
        UPGRADE
    }

    private static final AtomicLong CONNECTION_IDS = new AtomicLong();

    private final ScriptedPeer peer;
    private final Consumer<String> out;
    private final ConsolePrinter printer;
    private final boolean ackSettings;
    private int highestStream;
    /** How many things the peer did so far (frames, broken frames...): a quiet peer adds none. */
    private long taken;
    private boolean ended;

    /**
     * @param wire        the connection (TLS and ALPN done, for https)
     * @param origin      what is known of it (addresses, TLS, the wall clock of its time 0), for its opening event
     * @param out         where lines go, one call a line
     * @param sink        also hears every event (a recording, say); {@link TraceSink#NONE} for none
     * @param ackSettings whether the peer's SETTINGS get an ACK by themselves
     */
    public ConsoleSession(Wire wire, ConnectionOrigin origin, Consumer<String> out, Redaction redaction, TraceSink sink,
            boolean ackSettings) {
        this.out = out;
        this.ackSettings = ackSettings;
        ConsolePrinter printer = new ConsolePrinter(out, redaction);
        this.printer = printer;
        this.peer = ScriptedPeer.over(wire, ConnectionOpened.of(CONNECTION_IDS.incrementAndGet(), 0, Role.CLIENT,
                origin), sink == TraceSink.NONE ? printer : event -> {
                    printer.onEvent(event);
                    sink.onEvent(event);
                }, System.nanoTime());
    }

    /**
     * Starts HTTP/2: the preface and a SETTINGS of {@code settings} (after a 101 when {@code how} is an upgrade with a
     * GET of {@code path} to {@code authority}), then waits at most {@code timeout} for the peer's first frame.
     *
     * @throws ConsoleStartException when the peer does not speak HTTP/2 (no answer, an answer in HTTP/1.1 or TLS or
     *         text, an upgrade refused)
     */
    public void start(Start how, List<RawSetting> settings, String authority, String path, Duration timeout)
            throws IOException {
        SettingsFrame first = SettingsFrame.of(settings);
        if (how == Start.UPGRADE) {
            send(upgradeRequest(authority, path, FrameWriter.payloadOf(first)));
            highestStream = 1; // RFC 7540 §3.2: the upgraded request is stream 1
            Incoming answer = awaitFirstFrame(how, timeout);
            // the preface before anything else of ours, the ACK of the server's SETTINGS included (RFC 7540 §3.5)
            send(Preface.bytes());
            send(FrameWriter.encode(first));
            took(answer);
        } else {
            send(Preface.bytes());
            send(FrameWriter.encode(first));
            took(awaitFirstFrame(how, timeout));
        }
    }

    /** RFC 7540 §3.2, §3.2.1: a GET whose HTTP2-Settings is the payload of the SETTINGS frame that follows the 101. */
    private static byte[] upgradeRequest(String authority, String path, byte[] settingsPayload) {
        return ("GET " + path + " HTTP/1.1\r\nHost: " + authority + "\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                + "Upgrade: h2c\r\nHTTP2-Settings: " + Base64.getUrlEncoder().withoutPadding().encodeToString(settingsPayload)
                + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The peer's first frame (not yet answered). */
    private Incoming awaitFirstFrame(Start how, Duration timeout) throws IOException {
        String what = how == Start.UPGRADE ? "the Upgrade: h2c request" : "the connection preface";
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            peer.readOnce(READ_SLICE);
            refuseWhatIsNoHttp2(how, what);
            Incoming incoming = peer.poll();
            if (incoming != null) {
                return incoming;
            }
            if (peer.isClosed()) {
                throw new ConsoleStartException("the peer closed the connection without answering " + what
                        + " (" + peer.closed().how() + ")");
            } else if (System.nanoTime() > deadline) {
                byte[] first = peer.firstOctets();
                throw new ConsoleStartException("no answer to " + what + " within " + timeout.toMillis() + " ms"
                        + (first.length == 0 ? "" : "; the peer sent " + FirstOctets.describe(first, first.length)));
            }
        }
    }

    /** Throws when what the peer has sent so far is no HTTP/2: an HTTP/1 answer, a TLS record, text, an upgrade refused. */
    private void refuseWhatIsNoHttp2(Start how, String what) throws ConsoleStartException {
        byte[] first = peer.firstOctets();
        // enough octets to tell, or all there will be
        FirstOctets.Kind kind = first.length >= FirstOctets.DECISIVE || peer.isClosed() && first.length > 0
                ? FirstOctets.of(first, first.length) : null;
        if (how == Start.PRIOR_KNOWLEDGE && kind == FirstOctets.Kind.HTTP1) {
            throw new ConsoleStartException("the peer answered the connection preface in HTTP/1: "
                    + FirstOctets.describe(first, first.length)
                    + " (RFC 9113 §3.4; an http:// server may want --upgrade, an https:// one ALPN h2)");
        } else if (kind != null && kind != FirstOctets.Kind.FRAMES && kind != FirstOctets.Kind.HTTP1) {
            throw new ConsoleStartException("the peer answered " + what + " with " + FirstOctets.describe(first, first.length)
                    + ", not HTTP/2 frames (RFC 9113 §3.4)");
        } else if (peer.observer().notHttp2().isPresent()) {
            throw new ConsoleStartException("the peer answered " + what + " without switching to HTTP/2: "
                    + peer.observer().notHttp2().get() + " (RFC 7540 §3.2)");
        }
    }

    /**
     * Runs one command; false when the console is to end ({@code quit}, or the connection ended).
     *
     * @throws IOException when the connection failed while sending
     */
    public boolean run(ConsoleAction command) throws IOException {
        if (command instanceof ConsoleAction.SendFrame f) {
            send(FrameWriter.encode(f.frame()));
            highestStream = Math.max(highestStream, f.frame().streamId());
        } else if (command instanceof ConsoleAction.SendHeaders h) {
            int stream = h.streamId() == 0 ? nextStream() : h.streamId();
            send(FrameWriter.encode(HeadersFrame.of(stream, peer.encode(h.fields()), h.endStream(), true)));
            highestStream = Math.max(highestStream, stream);
        } else if (command instanceof ConsoleAction.SendOctets o) {
            send(o.octets());
        } else if (command instanceof ConsoleAction.Wait w) {
            read(w.time());
        } else if (command instanceof ConsoleAction.Help) {
            out.accept("commands (one a line; '#' starts a comment):");
            ConsoleParser.help().forEach(out);
        } else if (command instanceof ConsoleAction.Quit) {
            ended = true;
        }
        read(Duration.ZERO); // what the command brought at once comes before the next prompt
        return !ended;
    }

    /** Sends octets, a rule they break said after their frame line. */
    private void send(byte[] octets) throws IOException {
        printer.sending();
        try {
            peer.send(octets);
        } finally {
            printer.sent();
        }
    }

    /**
     * Runs each line of {@code input} as it comes, printing what the peer sends meanwhile, until {@code quit}, the end
     * of the input (then what the peer still sends is read until it is quiet for {@code linger}, at most
     * {@code maxLinger}) or the end of the connection. A line that is no command goes to {@code errors}, in one line,
     * and the session goes on.
     */
    public void converse(ConsoleInput input, ConsoleParser parser, Consumer<String> errors, Duration linger,
            Duration maxLinger) {
        while (!ended) {
            String line = input.poll();
            if (line == null) {
                read(READ_SLICE);
            } else if (ConsoleInput.isEnd(line)) {
                readUntilQuiet(linger, maxLinger);
                return;
            } else {
                try {
                    run(parser.parse(line));
                } catch (IllegalArgumentException e) {
                    errors.accept(e.getMessage());
                } catch (IOException e) {
                    out.accept("connection closed: " + e.getMessage());
                    ended = true;
                }
            }
        }
    }

    /** The next odd stream id after every stream the console has used. */
    private int nextStream() {
        return highestStream % 2 == 0 ? highestStream + 1 : highestStream + 2;
    }

    /** Prints what the peer sends within {@code time}; false once the connection has ended. */
    public boolean read(Duration time) {
        long deadline = System.nanoTime() + time.toNanos();
        do {
            long left = Math.max(0, deadline - System.nanoTime());
            peer.readOnce(Duration.ofNanos(Math.min(left, READ_SLICE.toNanos())));
            for (Incoming incoming = peer.poll(); incoming != null; incoming = peer.poll()) {
                took(incoming);
            }
            if (peer.isClosed() && !ended) {
                out.accept("connection closed: " + peer.closed().how());
                ended = true;
            }
        } while (!ended && System.nanoTime() < deadline);
        return !ended;
    }

    /** Prints what the peer sends until it has been quiet for {@code quiet}, at most {@code max}. */
    private void readUntilQuiet(Duration quiet, Duration max) {
        long end = System.nanoTime() + max.toNanos();
        long lastOctet = System.nanoTime();
        long seen = taken;
        while (!ended && System.nanoTime() < end && System.nanoTime() - lastOctet < quiet.toNanos()) {
            read(READ_SLICE);
            if (taken != seen) {
                seen = taken;
                lastOctet = System.nanoTime();
            }
        }
    }

    private void took(Incoming incoming) {
        taken++;
        if (incoming instanceof Incoming.FrameIn in && in.frame() instanceof SettingsFrame s && !s.ack() && ackSettings) {
            try {
                send(FrameWriter.encode(SettingsFrame.ackFrame()));
            } catch (IOException e) {
                out.accept("the SETTINGS ACK could not be sent: " + e.getMessage());
            }
        }
    }

    /** True once the connection ended or {@code quit} ran. */
    public boolean ended() {
        return ended;
    }

    @Override
    public void close() throws IOException {
        ended = true;
        peer.close();
    }
}
