package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.spec.CaseId;

import java.util.Objects;
import java.util.Set;

/**
 * One client case: what it checks (the RFC section and sentence), what it needs the client to do, and its script.
 *
 * @param id          stable id, {@code client/SECTION/slug}
 * @param rfc9113     the RFC 9113 (or RFC 7541) section of the rule
 * @param quote       the sentence it checks, word for word
 * @param description what the scripted server does, in a line
 * @param needs       what the client must be able to do beyond one GET (a case it cannot do is SKIP)
 * @param body        the script
 */
public record ClientCase(CaseId id, String rfc9113, String quote, String description, Set<ClientAbility> needs,
        ClientCaseBody body) {

    public ClientCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(rfc9113, "rfc9113");
        Objects.requireNonNull(quote, "quote");
        Objects.requireNonNull(description, "description");
        needs = Set.copyOf(needs);
        Objects.requireNonNull(body, "body");
        if (!id.value().startsWith("client/")) {
            throw new IllegalArgumentException("a client case's id starts with client/: " + id);
        }
    }
}
