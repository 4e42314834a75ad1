package io.h2scope.engine.testing.fault;

import io.h2scope.engine.core.ConnectionHooks;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A test fixture: the {@link ConnectionHooks} of one connection with {@link Faults} on. Errors are
 * swallowed or provoked, and limits loosened, as the faults say; the output hooks apply the misbehaviour
 * faults and leave everything as it is without one. One instance per connection: it counts the SETTINGS
 * it acknowledged.
 */
public final class Misbehaviour implements ConnectionHooks {

    /** The DATA frame size {@link Fault#SENDS_DATA_ABOVE_PEER_MAX_FRAME_SIZE} writes, whatever the peer allows. */
    public static final int OVERSIZED_DATA_FRAME = 20_000;

    private static final byte[] EMPTY = new byte[0];

    private final Faults faults;
    private final Set<Fault> on;
    private int settingsAcked;

    Misbehaviour(Faults faults) {
        this.faults = faults;
        this.on = faults.isEmpty() ? EnumSet.noneOf(Fault.class) : EnumSet.copyOf(faults.faults());
    }

    @Override
    public boolean swallows(H2Exception error) {
        return faults.swallows(error);
    }

    @Override
    public H2Exception provokedBy(Frame frame) {
        return faults.provokedBy(frame);
    }

    @Override
    public H2Exception provokedByRequest(int streamId, List<HeaderField> fields) {
        return faults.provokedByRequest(streamId, fields);
    }

    @Override
    public Limits loosen(Limits limits) {
        return faults.loosen(limits);
    }

    /**
     * Whether our preface (SETTINGS, first WINDOW_UPDATE) waits for the first octet after the peer's connection
     * preface (or for an error to report), so that the ACK of the SETTINGS that follows the peer's preface leaves
     * in the same write as our SETTINGS.
     */
    @Override
    public boolean holdsPrefaceUntilInput() {
        return on.contains(Fault.ACKS_ONLY_FIRST_SETTINGS);
    }

    /** RFC 9113 §6.5.3 broken on purpose: the peer's SETTINGS lists one identifier twice, and that is answered as an error. */
    @Override
    public void checkSettings(SettingsFrame frame) {
        if (!on.contains(Fault.GOAWAY_ON_REPEATED_SETTING)) {
            return;
        }
        List<RawSetting> entries = frame.settings();
        for (int i = 0; i < entries.size(); i++) {
            for (int j = i + 1; j < entries.size(); j++) {
                if (entries.get(i).id() == entries.get(j).id()) {
                    throw H2Errors.connection(FaultRule.REPEATED_SETTING_REJECTED,
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
    @Override
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
    @Override
    public Frame after(Frame frame) {
        if (frame instanceof RstStreamFrame r && on.contains(Fault.SENDS_FRAMES_ON_RESET_STREAM)) {
            return DataFrame.of(r.streamId(), EMPTY, false);
        }
        return null;
    }

    /** A frame to write right after we sent END_STREAM on {@code streamId}, or null. */
    @Override
    public Frame afterEndStream(int streamId) {
        return on.contains(Fault.SENDS_DATA_AFTER_END_STREAM) ? DataFrame.of(streamId, EMPTY, false) : null;
    }

    /** The largest DATA frame to write, given the peer's SETTINGS_MAX_FRAME_SIZE. */
    @Override
    public int dataFrameSize(int peerMaxFrameSize) {
        return on.contains(Fault.SENDS_DATA_ABOVE_PEER_MAX_FRAME_SIZE) ? OVERSIZED_DATA_FRAME : peerMaxFrameSize;
    }

    /** The header section to send instead of {@code headers}: a response head (it has :status) gets the fields of the faults on. */
    @Override
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
