package io.h2scope.engine.settings;

import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.stream.Role;

import java.util.ArrayList;
import java.util.List;

/**
 * The SETTINGS one endpoint receives (RFC 9113 §6.5): every entry of a frame validated before any applies (so a bad
 * value never half-applies), unknown identifiers left out, then applied in order. The one home of that rule for the
 * core (the peer's SETTINGS) and the observer (each side's). Single-threaded.
 */
public final class SettingsReceiver {

    /** A received SETTINGS frame, validated: the sender's settings before and after, and the known entries. */
    public record Received(Settings before, Settings after, List<Setting> entries) {
    }

    private final SettingsValidator validator;
    private Settings current = Settings.DEFAULTS;

    /** For the endpoint of role {@code receiver}, which some values depend on (ENABLE_PUSH from a server). */
    public SettingsReceiver(Role receiver) {
        this.validator = new SettingsValidator(receiver);
    }

    /**
     * The known entries of a SETTINGS frame, each validated, in wire order.
     *
     * @throws io.h2scope.engine.error.ConnectionError for a value outside its range (§6.5.2)
     */
    public List<Setting> validated(List<RawSetting> raw) {
        List<Setting> entries = new ArrayList<>(raw.size());
        for (RawSetting r : raw) {
            // RFC9113 §6.5.2: unknown identifiers "MUST ignore that setting" (validate returns empty)
            validator.validate(r.id(), r.value()).ifPresent(id -> entries.add(new Setting(id, r.value())));
        }
        return entries;
    }

    /**
     * Validates a SETTINGS frame's entries, then applies them in order (RFC9113 §6.5.3: "The values in the SETTINGS
     * frame MUST be processed in the order they appear").
     *
     * @throws io.h2scope.engine.error.ConnectionError for a value outside its range (§6.5.2)
     */
    public Received receive(List<RawSetting> raw) {
        List<Setting> entries = validated(raw);
        Settings before = current;
        for (Setting s : entries) {
            current = current.apply(s.id(), s.value());
        }
        return new Received(before, current, entries);
    }

    /** The sender's settings in force: the defaults until a SETTINGS came (§6.5.2). */
    public Settings current() {
        return current;
    }
}
