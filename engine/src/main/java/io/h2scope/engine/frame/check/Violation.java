package io.h2scope.engine.frame.check;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.SpecRef;
import java.util.Objects;

/**
 * A broken RFC rule, as data: which section, what the receiver must do (scope and code), and
 * what was wrong. The engine turns it into an {@link H2Exception}; the inspector and the
 * conformance peer display it instead.
 *
 * @param spec   the section that states the rule
 * @param scope  connection error (GOAWAY) or stream error (RST_STREAM)
 * @param code   the error code the rule demands
 * @param detail what was wrong, in words
 * @param rule   the named rule broken ({@link FrameRule}, a stream state or settings rule, ...), or null for a
 *               violation no named rule covers
 */
public record Violation(SpecRef spec, ErrorScope scope, ErrorCode code, String detail, Rule rule) {

    public Violation {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(detail, "detail");
    }

    /** A violation of a named rule: section, scope and code are the rule's. */
    public static Violation of(Rule rule, String detail) {
        return new Violation(rule.spec(), rule.scope(), rule.code(), detail, rule);
    }

    /** A violation no named rule covers. */
    public Violation(SpecRef spec, ErrorScope scope, ErrorCode code, String detail) {
        this(spec, scope, code, detail, null);
    }

    /**
     * The typed error for the frame's stream: a {@code ConnectionError} for connection scope,
     * else a {@code StreamError} on {@code streamId} (stream 0 still gives a connection error,
     * RFC9113 §5.4.1). Only a violation of a named rule becomes an error.
     */
    public H2Exception toException(int streamId) {
        if (rule == null) {
            throw new IllegalStateException("a violation without a named rule is reported, not raised: " + this);
        }
        return H2Errors.of(rule, streamId, detail);
    }

    @Override
    public String toString() {
        return scope + " " + code + " (" + spec + "): " + detail;
    }
}
