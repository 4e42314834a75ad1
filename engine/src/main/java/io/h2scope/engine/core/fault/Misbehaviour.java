package io.h2scope.engine.core.fault;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.Setting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * FOR TESTS ONLY: the misbehaviour {@link Fault}s of one connection, as the hooks its output path asks.
 * A connection without one holds null instead and asks nothing ({@link #of} gives null), so the
 * production path pays a null check per hook at most. One instance per connection: it counts the
 * SETTINGS it acknowledged.
 */
public final class Misbehaviour {

    /** The DATA frame size {@link Fault#SENDS_DATA_ABOVE_PEER_MAX_FRAME_SIZE} writes, whatever the peer allows. */
    public static final int OVERSIZED_DATA_FRAME = 20_000;

    private static final byte[] EMPTY = new byte[0];

    private final Set<Fault> on;
    private int settingsAcked;

    private Misbehaviour(Set<Fault> on) {
        this.on = on;
    }

    /** The misbehaviours among {@code faults}, or null when there is none (production). */
    public static Misbehaviour of(Faults faults) {
        EnumSet<Fault> found = EnumSet.noneOf(Fault.class);
        for (Fault f : faults.faults()) {
            if (f.kind() == Fault.Kind.MISBEHAVES) {
                found.add(f);
            }
        }
        return found.isEmpty() ? null : new Misbehaviour(found);
    }

    /**
     * Whether our preface (SETTINGS, first WINDOW_UPDATE) waits for the first octet after the peer's connection
     * preface (or for an error to report), so that the ACK of the SETTINGS that follows the peer's preface leaves
     * in the same write as our SETTINGS.
     */
    public boolean holdsPrefaceUntilInput() {
        return on.contains(Fault.ACKS_ONLY_FIRST_SETTINGS);
    }

    /** RFC 9113 §6.5.3 broken on purpose: the peer's SETTINGS lists one identifier twice, and that is answered as an error. */
    public void checkSettings(SettingsFrame frame) {
        if (!on.contains(Fault.GOAWAY_ON_REPEATED_SETTING)) {
            return;
        }
        List<Setting> entries = frame.settings();
        for (int i = 0; i < entries.size(); i++) {
            for (int j = i + 1; j < entries.size(); j++) {
                if (entries.get(i).id() == entries.get(j).id()) {
                    throw H2Errors.connection(ErrorCode.PROTOCOL_ERROR, SpecRef.rfc9113("6.5.3"),
                            "setting 0x" + Integer.toHexString(entries.get(i).id())
                                    + " listed twice (test-only fault GOAWAY_ON_REPEATED_SETTING)");
                }
            }
        }
    }

    /**
     * The frame to write instead of {@code frame}, or null to write nothing: SETTINGS ACKs held back, PING ACKs
     * dropped or given other data, GOAWAY with last stream 0.
     */
    public Frame rewrite(Frame frame) {
        if (frame instanceof SettingsFrame s && s.ack()) {
            settingsAcked++;
            boolean dropped = on.contains(Fault.NEVER_ACKS_SETTINGS)
                    || on.contains(Fault.ACKS_ONLY_FIRST_SETTINGS) && settingsAcked > 1;
            return dropped ? null : frame;
        }
        if (frame instanceof PingFrame p && p.ack()) {
            if (on.contains(Fault.IGNORES_PING)) {
                return null;
            }
            return on.contains(Fault.PING_ACK_WITH_OTHER_DATA) ? PingFrame.ackOf(~p.opaqueData()) : frame;
        }
        if (frame instanceof GoAwayFrame g && on.contains(Fault.WRONG_GOAWAY_LAST_STREAM_ID)) {
            return GoAwayFrame.of(0, g.errorCode(), g.debugData());
        }
        return frame;
    }

    /** A frame to write right after {@code frame}, or null: DATA on a stream we just reset. */
    public Frame after(Frame frame) {
        if (frame instanceof RstStreamFrame r && on.contains(Fault.SENDS_FRAMES_ON_RESET_STREAM)) {
            return DataFrame.of(r.streamId(), EMPTY, false);
        }
        return null;
    }

    /** A frame to write right after we sent END_STREAM on {@code streamId}, or null. */
    public Frame afterEndStream(int streamId) {
        return on.contains(Fault.SENDS_DATA_AFTER_END_STREAM) ? DataFrame.of(streamId, EMPTY, false) : null;
    }

    /** The largest DATA frame to write, given the peer's SETTINGS_MAX_FRAME_SIZE. */
    public int dataFrameSize(int peerMaxFrameSize) {
        return on.contains(Fault.SENDS_DATA_ABOVE_PEER_MAX_FRAME_SIZE) ? OVERSIZED_DATA_FRAME : peerMaxFrameSize;
    }

    /** The header section to send instead of {@code headers}: a response head (it has :status) gets the fields of the faults on. */
    public List<HeaderField> headers(List<HeaderField> headers) {
        int status = indexOf(headers, ":status");
        if (status < 0) {
            return headers;
        }
        List<HeaderField> changed = new ArrayList<>(headers);
        if (on.contains(Fault.SENDS_REQUEST_PSEUDO_HEADER_IN_RESPONSE)) {
            changed.add(status + 1, new HeaderField(":path", "/")); // among the pseudo-headers, before regular fields
        }
        if (on.contains(Fault.SENDS_UPPERCASE_RESPONSE_FIELD)) {
            changed.add(new HeaderField("X-Upper", "1"));
        }
        if (on.contains(Fault.SENDS_CONNECTION_SPECIFIC_RESPONSE_FIELD)) {
            changed.add(new HeaderField("connection", "keep-alive"));
        }
        return changed;
    }

    private static int indexOf(List<HeaderField> headers, String name) {
        for (int i = 0; i < headers.size(); i++) {
            if (headers.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return "misbehaviours " + on;
    }
}
