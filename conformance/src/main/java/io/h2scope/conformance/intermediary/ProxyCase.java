package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.spec.CaseId;
import io.h2scope.conformance.spec.Level;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

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
 * @param alone       why the case cannot share the intermediary and the origin with other cases running at once (it
 *                    watches the whole origin or the intermediary's memory, or makes the origin end a connection
 *                    other cases' requests may share), or empty: it can
 */
public record ProxyCase(CaseId id, String rfc, String quote, String description, Level level, Set<OriginKind> origins,
        ProxyCaseBody body, String alone) {

    public ProxyCase {
        if (!id.value().startsWith("proxy/")) {
            throw new IllegalArgumentException("an intermediary case's id starts with proxy/: " + id);
        }
        if (Stream.of(rfc, quote, description, level, body).anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException(id + ": a case needs its rule, quote, request and script");
        }
        origins = Set.copyOf(origins);
        alone = Objects.requireNonNull(alone, "alone");
    }

    /** Whether the case runs alone on the stage, never beside others ({@code conform-proxy --parallel}). */
    public boolean runsAlone() {
        return !alone.isEmpty();
    }

    /** The section number of its rule, e.g. {@code 8.2.2} for {@code RFC 9113 §8.2.2}: what {@code --section 8.2} matches. */
    public String rfcSection() {
        return rfc.substring(rfc.indexOf('§') + 1);
    }

    /** Starts a case; finish with {@link Builder#run}. */
    public static Builder define(String id) {
        return new Builder(CaseId.of(id));
    }

    /** Reads as the case does: id, rule and its sentence, what the client sends, where it applies, the script. */
    public static final class Builder {
        private final CaseId id;
        private String section;
        private String quote;
        private String sends;
        private Level level = Level.MUST;
        private Set<OriginKind> origins = EnumSet.allOf(OriginKind.class);
        private String alone = "";

        private Builder(CaseId id) {
            this.id = id;
        }

        /** RFC 9113's section {@code section} (e.g. {@code 8.2.2}) and its sentence, word for word. */
        public Builder rule(String section, String sentence) {
            this.section = section;
            this.quote = sentence;
            return this;
        }

        /** What the client in front sends, in a line. */
        public Builder sends(String line) {
            this.sends = line;
            return this;
        }

        /** A SHOULD-level rule: the case runs only with --strict. */
        public Builder should() {
            this.level = Level.SHOULD;
            return this;
        }

        /** Only toward these origins (an HTTP/1.1-only rule, say). */
        public Builder toward(OriginKind first, OriginKind... more) {
            this.origins = EnumSet.of(first, more);
            return this;
        }

        /** The case cannot share the stage with cases running at once: it runs alone, for the reason {@code why}. */
        public Builder alone(String why) {
            this.alone = why;
            return this;
        }

        public ProxyCase run(ProxyCaseBody body) {
            return new ProxyCase(id, section == null ? null : "RFC 9113 §" + section, quote, sends, level, origins,
                    body, alone);
        }
    }
}
