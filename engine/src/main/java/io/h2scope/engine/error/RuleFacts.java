package io.h2scope.engine.error;

import java.util.Objects;

/**
 * What a {@link Rule} states: its section, the scope and code of the error its breach raises, and the sentence of
 * that section it rests on, quoted as the RFC words it (so an explanation of a broken rule can show the reader the
 * text; RuleSentencesTest finds each one in the RFC).
 */
public record RuleFacts(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {

    public RuleFacts {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(code, "code");
        if (sentence == null || sentence.isBlank()) {
            throw new IllegalArgumentException("a rule quotes the sentence of " + spec + " it rests on");
        }
    }
}
