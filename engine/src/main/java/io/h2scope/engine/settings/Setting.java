package io.h2scope.engine.settings;

import java.util.Objects;

/** One known (identifier, value) pair of a SETTINGS frame; the value is unsigned 32-bit. */
public record Setting(SettingId id, long value) {

    public Setting {
        Objects.requireNonNull(id, "id");
        Settings.checkUnsigned32(id, value);
    }
}
