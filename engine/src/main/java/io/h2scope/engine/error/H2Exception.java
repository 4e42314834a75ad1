package io.h2scope.engine.error;

import java.util.Objects;

/**
 * A protocol violation, typed by scope: {@link ConnectionError} or {@link StreamError}, always for a
 * named {@link Rule}. Callers switch on the type and read {@link #code()} or {@link #rule()}, never the message.
 *
 * <p>No stack trace is captured: a hostile peer can make us raise these at line rate, and the
 * trace of a protocol error says nothing the code, section and detail do not.
 */
public abstract sealed class H2Exception extends RuntimeException permits ConnectionError, StreamError {

    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final transient SpecRef spec;
    private final String detail;
    private final transient Rule rule;

    H2Exception(ErrorCode code, SpecRef spec, String detail, Rule rule) {
        super(null, null, false, false);
        this.code = Objects.requireNonNull(code, "code");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.detail = Objects.requireNonNull(detail, "detail");
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    public ErrorCode code() {
        return code;
    }

    public SpecRef spec() {
        return spec;
    }

    /** What was wrong, in words, without the code or section. */
    public String detail() {
        return detail;
    }

    /** The named rule that was broken; {@link RuleIds#of(Rule)} gives its stable id. */
    public Rule rule() {
        return rule;
    }

    public abstract ErrorScope scope();

    @Override
    public String getMessage() {
        return code + " (" + spec + "): " + detail;
    }
}
