package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.spec.CaseId;
import io.h2scope.conformance.spec.Level;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One client case: what it checks (the RFC section and sentence), what it needs the client to do, and its script.
 *
 * @param id          stable id, {@code client/SECTION/slug}
 * @param rfc         the RFC 9113 (or RFC 7541) section of the rule, e.g. {@code RFC 9113 §6.9.1}
 * @param quote       the sentence it checks, word for word
 * @param description what the scripted server does, in a line
 * @param level       MUST, or SHOULD (runs only with --strict)
 * @param needs       what the client must be able to do beyond one GET with prior knowledge (a case it cannot do is
 *                    SKIP)
 * @param connect     how the client must connect for the case; empty: any way, the run's ({@code --connect})
 * @param body        the script
 */
public record ClientCase(CaseId id, String rfc, String quote, String description, Level level,
        Set<ClientAbility> needs, Optional<Connect> connect, ClientCaseBody body) {

    public ClientCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(rfc, "rfc");
        Objects.requireNonNull(quote, "quote");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(level, "level");
        needs = Set.copyOf(needs);
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(body, "body");
        if (!id.value().startsWith("client/")) {
            throw new IllegalArgumentException("a client case's id starts with client/: " + id);
        }
    }

    /** The section number of its rule, e.g. {@code 6.9.1} for {@code RFC 9113 §6.9.1}. */
    public String rfcSection() {
        int mark = rfc.indexOf('§');
        return mark < 0 ? "" : rfc.substring(mark + 1).trim();
    }

    /** Starts a case; finish with {@link Builder#run}. */
    public static Builder define(String id) {
        return new Builder(CaseId.of(id));
    }

    /** Fluent construction, so each case reads id, rule, quote, what the server does, then the script. */
    public static final class Builder {
        private final CaseId id;
        private String rfc;
        private String quote;
        private String description;
        private Level level = Level.MUST;
        private final Set<ClientAbility> needs = EnumSet.noneOf(ClientAbility.class);
        private Optional<Connect> connect = Optional.of(Connect.PRIOR_KNOWLEDGE);

        private Builder(CaseId id) {
            this.id = id;
        }

        /** The section of the rule, e.g. {@code RFC 9113 §6.9.1} or {@code RFC 7541 §4.2}. */
        public Builder rfc(String section) {
            this.rfc = section;
            return this;
        }

        /** The RFC's sentence, word for word. */
        public Builder quote(String sentence) {
            this.quote = sentence;
            return this;
        }

        /** What the scripted server does, in a line. */
        public Builder does(String line) {
            this.description = line;
            return this;
        }

        public Builder should() {
            this.level = Level.SHOULD;
            return this;
        }

        public Builder needs(ClientAbility... abilities) {
            needs.addAll(Set.of(abilities));
            return this;
        }

        /** The case needs the client to connect this way (the default: h2c with prior knowledge). */
        public Builder connect(Connect how) {
            this.connect = Optional.of(how);
            return this;
        }

        /** The case holds whichever way the client connects: the run's {@code --connect}. */
        public Builder anyConnect() {
            this.connect = Optional.empty();
            return this;
        }

        public ClientCase run(ClientCaseBody body) {
            return new ClientCase(id, rfc, quote, description, level, needs, connect, body);
        }
    }
}
