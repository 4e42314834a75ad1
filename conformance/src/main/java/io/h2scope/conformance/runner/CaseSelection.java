package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.CaseDef;
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

    /** Whether {@code c}, a case of {@code section}, is selected. */
    public boolean matches(Section section, CaseDef c) {
        boolean byId = idPrefixes.isEmpty() || idPrefixes.stream().anyMatch(p -> c.id().hasPrefix(p));
        boolean bySection = sections.isEmpty() || sections.stream().anyMatch(s -> sectionMatches(s, section, c));
        return byId && bySection;
    }

    private static boolean sectionMatches(String wanted, Section section, CaseDef c) {
        String name = section.id();
        return name.equals(wanted) || name.startsWith(wanted + "/") || name.startsWith(wanted + ".")
                || within(c.rfc7540(), wanted) || within(c.rfc9113(), wanted);
    }

    private static boolean within(String rfcSection, String wanted) {
        return rfcSection.equals(wanted) || rfcSection.startsWith(wanted + ".");
    }

    /** The entries (id prefixes and sections) that select no case of {@code suite}: a usage error. */
    public List<String> unmatched(List<Section> suite) {
        List<String> none = new java.util.ArrayList<>();
        for (String prefix : idPrefixes) {
            if (suite.stream().noneMatch(s -> s.cases().stream().anyMatch(c -> c.id().hasPrefix(prefix)))) {
                none.add("--case " + prefix);
            }
        }
        for (String wanted : sections) {
            if (suite.stream().noneMatch(s -> s.cases().stream().anyMatch(c -> sectionMatches(wanted, s, c)))) {
                none.add("--section " + wanted);
            }
        }
        return none;
    }
}
