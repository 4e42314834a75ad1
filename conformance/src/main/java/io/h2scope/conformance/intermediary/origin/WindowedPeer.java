package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.settings.SettingId;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A {@link ScriptedPeer} that keeps flow control out of the way of h2scope's two ends of an intermediary (the client
 * in front, the h2c origin): every DATA received is given back at once with WINDOW_UPDATE, the other side's SETTINGS
 * and PING are answered, and a body is sent within the other side's windows (RFC 9113 §6.9.1), however large.
 * Single-threaded: the owner reads through {@link #next}, which also hands over what came while a body waited.
 */
public final class WindowedPeer {

    /** The largest DATA payload sent: the default SETTINGS_MAX_FRAME_SIZE, which every peer accepts. */
    public static final int MAX_DATA = (int) SettingId.MAX_FRAME_SIZE.initialValue();

    /** How long a scripted answer's DATA waits for window before it is dropped. */
    static final Duration SCRIPT_PATIENCE = Duration.ofSeconds(5);

    private final ScriptedPeer peer;
    private final OutboundFlow flow = new OutboundFlow();
    private final Deque<Incoming> held = new ArrayDeque<>();
    private boolean withholding;

    public WindowedPeer(ScriptedPeer peer) {
        this.peer = peer;
    }

    public ScriptedPeer peer() {
        return peer;
    }

    /**
     * From now on, gives nothing back for the DATA received: a slow reader, whose windows close once the other side
     * has filled them (RFC 9113 §6.9).
     */
    public void withhold() {
        withholding = true;
    }

    /** Starts tracking the send window of {@code streamId}, before anything is sent on it. */
    public void open(int streamId) {
        flow.openStream(streamId);
    }

    /**
     * The next thing the other side did that is not flow control, SETTINGS or PING (already handled), waiting at
     * most {@code wait}; null when nothing came by then.
     */
    public Incoming next(Duration wait) throws IOException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            Incoming in = held.isEmpty() ? peer.next(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))
                    : held.poll();
            if (in == null || !(in instanceof Incoming.FrameIn f) || !handled(f.frame())) {
                return in;
            }
        }
    }

    /** Sends a HEADERS (and CONTINUATION) of {@code fields} on {@code streamId}: not flow-controlled. */
    public void headers(int streamId, List<HeaderField> fields, boolean endStream) throws IOException {
        peer.headers(streamId, fields, endStream);
    }

    /**
     * Sends {@code octets} as one or more DATA frames on {@code streamId} within the windows, counted against them as
     * every DATA must be (RFC 9113 §6.9.1), even DATA a script sends after END_STREAM, which the receiver still counts
     * on the connection (§6.9). Gives up after {@link #SCRIPT_PATIENCE} without window; what stopped it is kept for
     * {@link #next}.
     */
    public void data(int streamId, byte[] octets, boolean endStream) throws IOException {
        flow.openStream(streamId);
        sendData(streamId, octets, 0, octets.length, endStream, SCRIPT_PATIENCE);
    }

    /** Hands {@code in} back to the owner's next {@link #next}: read while waiting on one stream, it is another's. */
    public void putBack(Incoming in) {
        held.add(in);
    }

    /** Answers what flow control and the connection ask for; whether {@code frame} was only that. */
    private boolean handled(Frame frame) throws IOException {
        if (frame instanceof SettingsFrame s && !s.ack()) {
            for (RawSetting setting : s.settings()) {
                if (setting.id() == SettingId.INITIAL_WINDOW_SIZE.code()) {
                    flow.onInitialWindowSizeChange((int) setting.value());
                }
            }
        }
        if (ControlFrames.acknowledge(peer, frame)) {
            return true;
        }
        if (frame instanceof WindowUpdateFrame w) {
            if (w.increment() > 0) {
                flow.onWindowUpdate(w.streamId(), w.increment());
            }
            return true;
        }
        if (frame instanceof DataFrame d && d.data().length > 0 && !withholding) { // keep the windows open
            peer.send(WindowUpdateFrame.of(0, d.data().length));
            if (!d.endStream()) {
                peer.send(WindowUpdateFrame.of(d.streamId(), d.data().length));
            }
        }
        return false;
    }

    /** {@link #sendData(int, byte[], int, int, boolean, Duration, java.util.function.IntConsumer)}, untold. */
    public Incoming sendData(int streamId, byte[] body, int from, int to, boolean endStream, Duration patience)
            throws IOException {
        return sendData(streamId, body, from, to, endStream, patience, n -> { });
    }

    /**
     * Sends {@code body[from, to)} on {@code streamId} as DATA within the windows, the last frame with END_STREAM when
     * {@code endStream}, telling {@code sent} of each frame's octets as it goes. Waits at most {@code patience} for
     * window each time it runs out.
     *
     * @return null when it all went, else what stopped it: the other side's RST_STREAM of the stream, the connection's
     *         end, or nothing (a null-frame {@link Incoming.Closed} saying the window stayed shut)
     */
    public Incoming sendData(int streamId, byte[] body, int from, int to, boolean endStream, Duration patience,
            java.util.function.IntConsumer sent) throws IOException {
        int at = from;
        do {
            int n = flow.sendable(streamId, Math.min(MAX_DATA, to - at));
            if (n == 0 && at < to) {
                Incoming in = awaitWindow(streamId, patience);
                if (in != null) {
                    return in;
                }
                continue;
            }
            byte[] piece = java.util.Arrays.copyOfRange(body, at, at + n);
            at += n;
            peer.send(DataFrame.of(streamId, piece, endStream && at == to));
            if (n > 0) {
                flow.onSent(streamId, n);
                sent.accept(n);
            }
        } while (at < to);
        return null;
    }

    /** Reads until a window opens; null when one did, else what stopped the wait (kept for the owner too). */
    private Incoming awaitWindow(int streamId, Duration patience) throws IOException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (flow.sendable(streamId, 1) == 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return new Incoming.Closed("the send window stayed shut for " + patience.toMillis() + " ms");
            }
            Incoming in = peer.next(Duration.ofNanos(left));
            if (in == null) {
                continue;
            }
            if (in instanceof Incoming.FrameIn f && handled(f.frame())) {
                continue;
            }
            held.add(in);
            boolean reset = in instanceof Incoming.FrameIn f && f.frame() instanceof RstStreamFrame r
                    && r.streamId() == streamId;
            if (in instanceof Incoming.Closed || reset) {
                return in;
            }
        }
        return null;
    }
}
