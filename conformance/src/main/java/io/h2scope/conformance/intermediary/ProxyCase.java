package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.spec.CaseId;
import io.h2scope.conformance.spec.Level;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One intermediary case: the rule (RFC section and sentence), what its request does, which origins it means
 * something toward, and its script.
 *
 * @param id          stable id, {@code proxy/SECTION/slug}
 * @param rfc         the section of the rule, e.g. {@code RFC 9113 §8.2.2}
 * @param quote       the sentence it checks, word for word
 * @param description what the client in front sends, in a line
 * @param level       MUST, or SHOULD (runs only with --strict)
 * @param origins     the origins toward which the case means something (elsewhere SKIP)
 * @param body        the script
 */
public record ProxyCase(CaseId id, String rfc, String quote, String description, Level level, Set<OriginKind> origins,
        ProxyCaseBody body) {

    public ProxyCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(rfc, "rfc");
        Objects.requireNonNull(quote, "quote");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(level, "level");
        origins = Set.copyOf(origins);
        Objects.requireNonNull(body, "body");
        if (!id.value().startsWith("proxy/")) {
            throw new IllegalArgumentException("an intermediary case's id starts with proxy/: " + id);
        }
    }

    /** Starts a case; finish with {@link Builder#run}. */
    public static Builder define(String id) {
        return new Builder(CaseId.of(id));
    }

    /** Fluent construction: id, rule, quote, what the client sends, then the script. */
    public static final class Builder {
        private final CaseId id;
        private String rfc;
        private String quote;
        private String description;
        private Level level = Level.MUST;
        private Set<OriginKind> origins = EnumSet.allOf(OriginKind.class);

        private Builder(CaseId id) {
            this.id = id;
        }

        public Builder rfc(String section) {
            this.rfc = section;
            return this;
        }

        public Builder quote(String sentence) {
            this.quote = sentence;
            return this;
        }

        public Builder sends(String line) {
            this.description = line;
            return this;
        }

        public Builder should() {
            this.level = Level.SHOULD;
            return this;
        }

        /** Only toward these origins (an HTTP/1.1-only rule, say). */
        public Builder toward(OriginKind first, OriginKind... more) {
            this.origins = EnumSet.of(first, more);
            return this;
        }

        public ProxyCase run(ProxyCaseBody body) {
            return new ProxyCase(id, rfc, quote, description, level, origins, body);
        }
    }
}
