package io.h2scope.engine.error;

/**
 * A named RFC rule whose breach raises a typed error. Every error the engine raises carries one
 * ({@link H2Exception#rule()}), so a caller can tell two rules of one section apart (DATA on stream 0 and
 * DATA padding are both §6.1 PROTOCOL_ERROR) without reading words, and a trace, a conformance verdict and
 * the GUI name it by its stable id ({@link RuleIds}).
 *
 * <p>Rules are enum constants, one enum per family ({@code frame.check.FrameRule}, {@code stream.StreamRule},
 * ...): the family and the constant's name make the id, so renaming either changes an id that readers keep.
 */
public interface Rule {

    /** The rule's section, scope and code, held once by each rule. */
    RuleFacts facts();

    /** The section that states the rule. */
    default SpecRef spec() {
        return facts().spec();
    }

    /** Connection error (GOAWAY) or stream error (RST_STREAM). */
    default ErrorScope scope() {
        return facts().scope();
    }

    /** The error code the rule demands. */
    default ErrorCode code() {
        return facts().code();
    }

    /** The sentence of {@link #spec()} the rule rests on, as the RFC words it. */
    default String sentence() {
        return facts().sentence();
    }
}
