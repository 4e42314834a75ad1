package io.h2scope.engine.trace.model;

import io.h2scope.engine.settings.Settings;

/**
 * The settings of {@code side} now in force, all of them: the peer's as soon as received (we apply them
 * and ACK), ours when the peer has ACKed them (RFC 9113 §6.5.3).
 */
public record SettingsInForce(long connectionId, long nanosSinceStart, Side side, Settings settings)
        implements TraceEvent {
}
