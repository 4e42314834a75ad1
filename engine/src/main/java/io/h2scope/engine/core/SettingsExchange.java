package io.h2scope.engine.core;

import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.settings.SettingsSync;
import io.h2scope.engine.settings.SettingsReceiver;
import io.h2scope.engine.stream.Role;

import java.util.ArrayList;
import java.util.List;

/**
 * Both sides' SETTINGS (RFC 9113 §6.5): the peer's values as received, ours as sent and as
 * acknowledged. Converts between the frame layer's raw {@code frame.Setting} and the named
 * {@code settings.Setting} here, at the boundary. The side effects of a change (windows, HPACK,
 * frame sizes) are applied by the connection.
 */
final class SettingsExchange {

    private final SettingsReceiver receiver;
    private final SettingsSync sync;
    private List<Setting> lastAnnounced = List.of();

    SettingsExchange(Role role, long ackTimeoutNanos) {
        this.receiver = new SettingsReceiver(role);
        // RFC9113 §6.5.2: our values are the RFC initial ones until the peer ACKs ours
        this.sync = new SettingsSync(Settings.DEFAULTS, ackTimeoutNanos);
    }

    /**
     * The peer's SETTINGS frame, validated then applied ({@link SettingsReceiver#receive}).
     *
     * @throws io.h2scope.engine.error.ConnectionError for a value outside its range (§6.5.2)
     */
    SettingsReceiver.Received receive(SettingsFrame frame) {
        return receiver.receive(frame.settings());
    }

    /** The SETTINGS frame that moves our announced settings to {@code desired} (only changed values). */
    SettingsFrame send(Settings desired, long nowNanos, boolean first) {
        Settings announced = sync.announced();
        List<Setting> changed = new ArrayList<>();
        List<io.h2scope.engine.frame.RawSetting> raw = new ArrayList<>();
        for (SettingId id : SettingId.values()) {
            long value = desired.get(id);
            if (value != announced.get(id) && value != Settings.UNLIMITED) {
                changed.add(new Setting(id, value));
                raw.add(new io.h2scope.engine.frame.RawSetting(id.code(), value));
            }
        }
        if (!first && changed.isEmpty()) {
            return null;
        }
        sync.onSent(changed, nowNanos);
        lastAnnounced = changed;
        return SettingsFrame.of(raw);
    }

    /** The values of the SETTINGS frame {@link #send} made last. */
    List<Setting> lastAnnounced() {
        return lastAnnounced;
    }

    /** The peer ACKed our oldest pending SETTINGS; returns our settings as now in force. */
    Settings onAck() {
        return sync.onAck();
    }

    boolean isOverdue(long nowNanos) {
        return sync.isOverdue(nowNanos);
    }

    io.h2scope.engine.error.ConnectionError timeoutError() {
        return sync.timeoutError();
    }

    /** The peer's settings in force. */
    Settings remote() {
        return receiver.current();
    }

    /** Ours, as the peer has acknowledged them. */
    Settings localAcknowledged() {
        return sync.acknowledged();
    }

    /** Ours, the looser of the acknowledged and the announced value ({@link SettingsSync#looser}). */
    long localLooser(SettingId id) {
        return sync.looser(id);
    }

    /** Ours, including SETTINGS not yet acknowledged. */
    Settings localAnnounced() {
        return sync.announced();
    }

    int pendingAcks() {
        return sync.pendingCount();
    }
}
