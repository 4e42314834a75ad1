package io.h2scope.engine.flow;

/** What moved a flow-control window. */
public enum WindowCause {
    /** A stream began with the initial window size in force. */
    OPENED,
    /** DATA (payload and padding) took octets off it (RFC 9113 §6.9.1). */
    DATA,
    /** A WINDOW_UPDATE gave credit back (RFC 9113 §6.9). */
    WINDOW_UPDATE,
    /** SETTINGS_INITIAL_WINDOW_SIZE changed, moving every stream window by the difference (RFC 9113 §6.9.2). */
    INITIAL_WINDOW_SIZE
}
