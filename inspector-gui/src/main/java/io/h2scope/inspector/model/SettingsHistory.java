package io.h2scope.inspector.model;

import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A connection's SETTINGS as the two sides announced and acknowledged them (RFC 9113 §6.5.3), up to one event:
 * each announcement with the time of its ACK, each setting's value in force on both sides, and the moments the
 * initial window size changed (§6.9.2). Which values are in force comes from the engine's {@link ConnectionModel},
 * so the rule (the peer's at once, ours once ACKed) lives in one place.
 */
public final class SettingsHistory {

    /**
     * One SETTINGS frame's values.
     *
     * @param side       who announced them ({@link Side#LOCAL}: the recording endpoint)
     * @param ackedNanos when the ACK was sent or received, or -1 while none has come
     */
    public record Announcement(int eventIndex, long nanos, Side side, List<Setting> entries, long ackedNanos) {

        public boolean acked() {
            return ackedNanos >= 0;
        }
    }

    /**
     * One setting of one side.
     *
     * @param inForce   the value in force
     * @param isDefault true when no SETTINGS in force changed it: the RFC's initial value applies
     * @param announced the value this side last announced for it, or null when it never did
     * @param announcedNanos when that was, or -1
     * @param ackedNanos when that announcement was ACKed, or -1
     */
    public record Value(SettingId id, Side side, long inForce, boolean isDefault, Long announced, long announcedNanos,
            long ackedNanos) {
    }

    /** The initial stream window of {@code side} changed from {@code oldSize} to {@code newSize} at this event. */
    public record InitialWindowChange(int eventIndex, long nanos, Side side, int oldSize, int newSize) {
    }

    private final List<Announcement> announcements;
    private final List<InitialWindowChange> initialWindowChanges;
    private final Settings local;
    private final Settings remote;

    private SettingsHistory(List<Announcement> announcements, List<InitialWindowChange> changes, Settings local,
            Settings remote) {
        this.announcements = announcements;
        this.initialWindowChanges = changes;
        this.local = local;
        this.remote = remote;
    }

    /** The settings of {@code connection} just after event {@code upTo} of the recording (Integer.MAX_VALUE: all). */
    public static SettingsHistory of(ConnectionHistory connection, int upTo) {
        Recording recording = connection.recording();
        ConnectionModel model = new ConnectionModel(connection.key().connectionId());
        List<Announcement> announcements = new ArrayList<>();
        Map<Side, Deque<Integer>> unacked = new EnumMap<>(Side.class);
        unacked.put(Side.LOCAL, new ArrayDeque<>());
        unacked.put(Side.REMOTE, new ArrayDeque<>());
        List<InitialWindowChange> changes = new ArrayList<>();
        ConnectionSnapshot before = model.snapshot();
        for (int index : connection.settingsEvents()) {
            if (index > upTo) {
                break;
            }
            TraceEvent e = recording.event(index);
            model.apply(e);
            if (e instanceof SettingsAnnounced a) {
                unacked.get(a.side()).addLast(announcements.size());
                announcements.add(new Announcement(index, a.nanosSinceStart(), a.side(), a.entries(), -1));
            } else if (e instanceof SettingsAcknowledged ack) {
                Integer oldest = unacked.get(ack.side()).pollFirst();
                if (oldest != null) {
                    Announcement a = announcements.get(oldest);
                    announcements.set(oldest, new Announcement(a.eventIndex(), a.nanos(), a.side(), a.entries(),
                            ack.nanosSinceStart()));
                }
            }
            ConnectionSnapshot after = model.snapshot();
            change(changes, index, e.nanosSinceStart(), Side.LOCAL, before.localSettings(), after.localSettings());
            change(changes, index, e.nanosSinceStart(), Side.REMOTE, before.remoteSettings(), after.remoteSettings());
            before = after;
        }
        return new SettingsHistory(List.copyOf(announcements), List.copyOf(changes), before.localSettings(),
                before.remoteSettings());
    }

    private static void change(List<InitialWindowChange> changes, int index, long nanos, Side side, Settings was,
            Settings now) {
        if (was.initialWindowSize() != now.initialWindowSize()) {
            changes.add(new InitialWindowChange(index, nanos, side, was.initialWindowSize(), now.initialWindowSize()));
        }
    }

    /** Every SETTINGS announced, in order, each with its ACK time. */
    public List<Announcement> announcements() {
        return announcements;
    }

    /** When SETTINGS_INITIAL_WINDOW_SIZE in force changed, on either side. */
    public List<InitialWindowChange> initialWindowChanges() {
        return initialWindowChanges;
    }

    public Settings inForce(Side side) {
        return side == Side.LOCAL ? local : remote;
    }

    /** One row per known setting of {@code side}: in force, default or not, last announced, when ACKed. */
    public List<Value> values(Side side) {
        Settings settings = inForce(side);
        List<Value> values = new ArrayList<>();
        for (SettingId id : SettingId.values()) {
            Announcement last = null;
            Long announced = null;
            boolean setInForce = false; // some announcement of it took effect: the peer's at once, ours once ACKed
            for (Announcement a : announcements) {
                for (Setting s : a.entries()) {
                    if (a.side() == side && s.id() == id) {
                        last = a;
                        announced = s.value();
                        setInForce |= side == Side.REMOTE || a.acked();
                    }
                }
            }
            boolean isDefault = !setInForce && settings.get(id) == id.initialValue();
            values.add(new Value(id, side, settings.get(id), isDefault, announced, last == null ? -1 : last.nanos(),
                    last == null ? -1 : last.ackedNanos()));
        }
        return values;
    }
}
