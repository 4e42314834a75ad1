package io.h2scope.engine.trace.model;

import io.h2scope.engine.settings.Setting;

import java.util.List;

/**
 * A side announced SETTINGS values (RFC 9113 §6.5): {@link Side#LOCAL} when we sent them, {@link Side#REMOTE}
 * when we received them. Only the known identifiers, in frame order; an empty list is an empty SETTINGS.
 */
public record SettingsAnnounced(long connectionId, long nanosSinceStart, Side side, List<Setting> entries)
        implements TraceEvent {

    public SettingsAnnounced {
        entries = List.copyOf(entries);
    }
}
