package io.h2scope.engine.error;

import java.util.Objects;

/** What a {@link Rule} states: its section, and the scope and code of the error its breach raises. */
public record RuleFacts(SpecRef spec, ErrorScope scope, ErrorCode code) {

    public RuleFacts {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(code, "code");
    }
}
