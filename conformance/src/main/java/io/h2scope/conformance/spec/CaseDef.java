package io.h2scope.conformance.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One conformance case: its metadata and its body.
 *
 * @param id          stable slug id
 * @param h2specId    the h2spec 2.6 id it corresponds to ({@code http2/6.7/1}), or null when h2spec has none
 * @param rfc7540     the RFC 7540 section the id follows
 * @param rfc9113     the RFC 9113 section of the same rule (the rule applied)
 * @param description what the case sends, in a line
 * @param quote       the RFC sentence it checks, word for word
 * @param accepts     what the case accepts as conformant
 * @param level       MUST, or SHOULD (runs only with --strict)
 * @param errorCase   true when the case provokes an error: a liveness probe follows it
 * @param budget      how long the case may wait for the target to act (a timeout the RFC leaves to the server,
 *                    e.g. a stall or body deadline), scaled by {@code --budget-scale}; null for an ordinary case,
 *                    bounded by the per-case timeout alone
 * @param alone       the case loads the target as a whole (many connections from one address): it runs after the
 *                    others, with nothing beside it, so it neither disturbs nor is disturbed by another case
 * @param body        what it does
 */
public record CaseDef(CaseId id, String h2specId, String rfc7540, String rfc9113, String description, String quote,
        String accepts, Level level, boolean errorCase, Duration budget, boolean alone, CaseBody body) {

    public CaseDef {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(rfc7540, "rfc7540");
        Objects.requireNonNull(rfc9113, "rfc9113");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(quote, "quote");
        Objects.requireNonNull(accepts, "accepts");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(body, "body");
        if (budget != null && (budget.isNegative() || budget.isZero())) {
            throw new IllegalArgumentException(id + ": a budget must be positive, got " + budget);
        }
    }

    /** The declared budget, if the case has one. */
    public Optional<Duration> declaredBudget() {
        return Optional.ofNullable(budget);
    }

    public Optional<String> h2spec() {
        return Optional.ofNullable(h2specId);
    }

    /** Starts a case; finish with {@link Builder#run}. */
    public static Builder define(String id) {
        return new Builder(CaseId.of(id));
    }

    /** Fluent construction, so each case reads like h2spec's: id, references, quote, acceptance, body. */
    public static final class Builder {
        private final CaseId id;
        private String h2spec;
        private String rfc7540;
        private String rfc9113;
        private String description;
        private String quote;
        private String accepts;
        private Level level = Level.MUST;
        private boolean errorCase;
        private Duration budget;
        private boolean alone;

        private Builder(CaseId id) {
            this.id = id;
        }

        public Builder h2spec(String h2specId) {
            this.h2spec = h2specId;
            return this;
        }

        /** The RFC 7540 and RFC 9113 sections of the rule. */
        public Builder rfc(String rfc7540Section, String rfc9113Section) {
            this.rfc7540 = rfc7540Section;
            this.rfc9113 = rfc9113Section;
            return this;
        }

        public Builder sends(String text) {
            this.description = text;
            return this;
        }

        public Builder quote(String text) {
            this.quote = text;
            return this;
        }

        public Builder accepts(String text) {
            this.accepts = text;
            return this;
        }

        public Builder should() {
            this.level = Level.SHOULD;
            return this;
        }

        /** The case provokes an error on purpose: the runner probes liveness afterwards. */
        public Builder errorCase() {
            this.errorCase = true;
            return this;
        }

        /** The case waits up to {@code value} (times the run's budget scale) for the target to act. */
        public Builder budget(Duration value) {
            this.budget = value;
            return this;
        }

        /** The case runs with no other case beside it (it loads the whole target). */
        public Builder alone() {
            this.alone = true;
            return this;
        }

        public CaseDef run(CaseBody body) {
            return new CaseDef(id, h2spec, rfc7540, rfc9113, description, quote, accepts, level, errorCase, budget, alone, body);
        }
    }
}
