package io.h2scope.engine.trace.model;

/**
 * The oldest unacknowledged SETTINGS of {@code side} was ACKed (RFC 9113 §6.5.3): {@link Side#LOCAL} when the
 * peer ACKed ours, {@link Side#REMOTE} when we sent the ACK of the peer's.
 */
public record SettingsAcknowledged(long connectionId, long nanosSinceStart, Side side) implements TraceEvent {
}
