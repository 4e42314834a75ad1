package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.CaseId;
import io.h2scope.conformance.spec.Section;
import java.util.List;

/**
 * Which cases run. Empty lists select everything.
 *
 * @param idPrefixes case id prefixes ({@code http2/6.5} selects 6.5, 6.5.2 and 6.5.3)
 * @param sections   sections, each given as a section name that {@code --list} shows ({@code security},
 *                   {@code http2/6.5}, {@code hpack/5.2}, {@code output}) or as an RFC section number
 *                   ({@code 6.5}: every case whose RFC 7540 or RFC 9113 rule is in §6.5 or a subsection of it)
 */
public record CaseSelection(List<String> idPrefixes, List<String> sections) {

    public CaseSelection {
        idPrefixes = List.copyOf(idPrefixes);
        sections = List.copyOf(sections);
    }

    public static CaseSelection all() {
        return new CaseSelection(List.of(), List.of());
    }

    /** Whether this selects every case (no --section, no --case). */
    public boolean isAll() {
        return idPrefixes.isEmpty() && sections.isEmpty();
    }

    /** Whether {@code c}, a case of {@code section}, is selected. */
    public boolean matches(Section section, CaseDef c) {
        return matches(section.id(), c.id(), c.rfc7540(), c.rfc9113());
    }

    /**
     * Whether a case is selected, whichever suite it is from: by its id, the id of its section, and the RFC section
     * numbers of its rule ({@code 6.5.2}).
     */
    public boolean matches(String sectionId, CaseId id, String... rfcSections) {
        boolean byId = idPrefixes.isEmpty() || idPrefixes.stream().anyMatch(id::hasPrefix);
        boolean bySection = sections.isEmpty() || sections.stream().anyMatch(s -> sectionMatches(s, sectionId, rfcSections));
        return byId && bySection;
    }

    private static boolean sectionMatches(String wanted, String sectionId, String... rfcSections) {
        if (sectionId.equals(wanted) || sectionId.startsWith(wanted + "/") || sectionId.startsWith(wanted + ".")) {
            return true;
        }
        for (String rfc : rfcSections) {
            if (within(rfc, wanted)) {
                return true;
            }
        }
        return false;
    }

    private static boolean within(String rfcSection, String wanted) {
        return rfcSection.equals(wanted) || rfcSection.startsWith(wanted + ".");
    }

    /** The entries (id prefixes and sections) that select no case of {@code suite}: a usage error. */
    public List<String> unmatched(List<Section> suite) {
        return unmatchedAmong(suite.stream().flatMap(s -> s.cases().stream()
                .map(c -> new Selectable(s.id(), c.id(), List.of(c.rfc7540(), c.rfc9113())))).toList());
    }

    /** A case as a selection sees it, whichever suite it is from. */
    public record Selectable(String sectionId, CaseId id, List<String> rfcSections) {
    }

    /** The entries (id prefixes and sections) that select none of {@code cases}: a usage error. */
    public List<String> unmatchedAmong(List<Selectable> cases) {
        List<String> none = new java.util.ArrayList<>();
        for (String prefix : idPrefixes) {
            if (cases.stream().noneMatch(c -> c.id().hasPrefix(prefix))) {
                none.add("--case " + prefix);
            }
        }
        for (String wanted : sections) {
            if (cases.stream().noneMatch(c -> sectionMatches(wanted, c.sectionId(), c.rfcSections().toArray(String[]::new)))) {
                none.add("--section " + wanted);
            }
        }
        return none;
    }
}
