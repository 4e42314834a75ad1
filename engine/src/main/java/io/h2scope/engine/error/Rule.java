package io.h2scope.engine.error;

/**
 * A named RFC rule whose breach raises a typed error, such as {@code frame.check.FrameRule}. An error
 * raised for such a rule carries it ({@link H2Exception#rule()}), so a caller can tell two rules of one
 * section apart (DATA on stream 0 and DATA padding are both §6.1 PROTOCOL_ERROR) without reading words.
 */
public interface Rule {

    /** The section that states the rule. */
    SpecRef spec();

    /** Connection error (GOAWAY) or stream error (RST_STREAM). */
    ErrorScope scope();

    /** The error code the rule demands. */
    ErrorCode code();
}
