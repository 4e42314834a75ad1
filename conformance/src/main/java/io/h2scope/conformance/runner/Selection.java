package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.CaseDef;
import java.util.List;

/**
 * Which cases run. Empty lists select everything.
 *
 * @param idPrefixes h2spec-style id prefixes ({@code http2/6.5} selects 6.5, 6.5.2 and 6.5.3)
 * @param sections   RFC 7540 section numbers: {@code 6.5} selects every case (generic or http2)
 *                   whose rule is in §6.5 or a subsection of it
 */
public record Selection(List<String> idPrefixes, List<String> sections) {

    public Selection {
        idPrefixes = List.copyOf(idPrefixes);
        sections = List.copyOf(sections);
    }

    public static Selection all() {
        return new Selection(List.of(), List.of());
    }

    public boolean matches(CaseDef c) {
        boolean byId = idPrefixes.isEmpty() || idPrefixes.stream().anyMatch(p -> c.id().hasPrefix(p));
        boolean bySection = sections.isEmpty() || sections.stream()
                .anyMatch(s -> c.rfc7540().equals(s) || c.rfc7540().startsWith(s + "."));
        return byId && bySection;
    }
}
