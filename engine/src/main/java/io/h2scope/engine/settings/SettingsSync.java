package io.h2scope.engine.settings;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.H2Errors;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Our SETTINGS frames in flight, RFC 9113 §6.5.3. Each SETTINGS we send is pending until the peer
 * ACKs it; ACKs come in the order the frames were sent ("SETTINGS frames are acknowledged in the
 * order in which they are received"), so each ACK applies the oldest pending frame to
 * {@link #acknowledged()}. Until then the peer may still be using the older values.
 *
 * <p><b>An ACK with nothing pending</b> is a connection error PROTOCOL_ERROR (cited as §6.5.3).
 * RFC 9113 does not say what to do; an ACK for a frame never sent means the peer's view of our
 * settings differs from ours, so we stop early, as nghttp2 and Go's x/net/http2 do (Netty and
 * python-h2 ignore it). h2spec does not test it.
 *
 * <p><b>Timeout</b>: §6.5.3 lets us raise SETTINGS_TIMEOUT when an ACK does not come "within a
 * reasonable amount of time". Time is passed in (nanoTime-style values, compared by difference).
 * Single-threaded.
 */
public final class SettingsSync {

    /** 10 s: generous, since §6.5.3 asks for "allowance ... for processing delays at the peer". */
    public static final long DEFAULT_ACK_TIMEOUT_NANOS = 10_000_000_000L;

    private record Pending(List<Setting> values, long sentAtNanos) {
    }

    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final long ackTimeoutNanos;
    private Settings acknowledged;

    /** Starts from the RFC defaults, which are in force before any SETTINGS (§6.5.2). */
    public SettingsSync() {
        this(Settings.DEFAULTS, DEFAULT_ACK_TIMEOUT_NANOS);
    }

    public SettingsSync(Settings initial, long ackTimeoutNanos) {
        if (ackTimeoutNanos <= 0) {
            throw new IllegalArgumentException("ack timeout must be > 0 ns, got " + ackTimeoutNanos);
        }
        this.acknowledged = Objects.requireNonNull(initial, "initial");
        this.ackTimeoutNanos = ackTimeoutNanos;
    }

    /** Records a SETTINGS frame we just sent (without ACK), its values in wire order. */
    public void onSent(List<Setting> values, long nowNanos) {
        pending.addLast(new Pending(List.copyOf(values), nowNanos));
    }

    /**
     * The peer ACKed our oldest pending SETTINGS: its values now hold for the peer.
     *
     * @return our settings as the peer has now applied them
     * @throws ConnectionError PROTOCOL_ERROR when nothing is pending (see class comment)
     */
    public Settings onAck() {
        Pending oldest = pending.pollFirst();
        if (oldest == null) {
            // RFC9113 §6.5.3 is silent on an ACK with nothing outstanding: our choice, see class comment
            throw H2Errors.connection(SettingsRule.ACK_WITHOUT_PENDING_SETTINGS,
                    "SETTINGS ACK received but no SETTINGS frame is awaiting acknowledgment");
        }
        // RFC9113 §6.5.3: "the sender ... can rely on the values from the oldest unacknowledged SETTINGS frame having been applied"
        Settings s = acknowledged;
        for (Setting v : oldest.values()) {
            s = s.apply(v);
        }
        acknowledged = s;
        return s;
    }

    /** Our settings as far as the peer has confirmed applying them. */
    public Settings acknowledged() {
        return acknowledged;
    }

    /**
     * Our settings with every pending frame applied too: what the peer will use once it catches
     * up. A receiver must accept the looser of this and {@link #acknowledged()} meanwhile (§6.9.3).
     */
    public Settings announced() {
        Settings s = acknowledged;
        for (Pending p : pending) {
            for (Setting v : p.values()) {
                s = s.apply(v);
            }
        }
        return s;
    }

    /**
     * The looser of the acknowledged and the announced value of {@code id}: what a receiver must accept while the
     * peer may still use either (RFC 9113 §6.9.3), so a loosening value holds from when it is sent, a tightening one
     * from its ACK.
     */
    public long looser(SettingId id) {
        return Math.max(acknowledged.get(id), announced().get(id));
    }

    /** SETTINGS frames sent and not yet ACKed. */
    public int pendingCount() {
        return pending.size();
    }

    /** When the oldest pending SETTINGS is overdue, or empty when nothing is pending. */
    public OptionalLong deadline() {
        Pending oldest = pending.peekFirst();
        return oldest == null ? OptionalLong.empty() : OptionalLong.of(oldest.sentAtNanos() + ackTimeoutNanos);
    }

    /** Whether the oldest pending SETTINGS has waited for its ACK at least the timeout. */
    public boolean isOverdue(long nowNanos) {
        Pending oldest = pending.peekFirst();
        // difference, not comparison: nanoTime values may wrap
        return oldest != null && nowNanos - oldest.sentAtNanos() >= ackTimeoutNanos;
    }

    /** The error to raise when {@link #isOverdue} is true. */
    public ConnectionError timeoutError() {
        // RFC9113 §6.5.3: "If the sender of a SETTINGS frame does not receive an acknowledgment within a reasonable amount of time, it MAY issue a connection error ... SETTINGS_TIMEOUT"
        return H2Errors.connection(SettingsRule.ACK_TIMEOUT,
                "no SETTINGS ACK within " + ackTimeoutNanos / 1_000_000 + " ms");
    }
}
