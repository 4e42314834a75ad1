package io.h2scope.cli.conform;

import io.h2scope.conformance.runner.CaseSelection;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import picocli.CommandLine.Option;

/** Which cases run and how strictly they are judged, for either suite (a picocli mixin). */
public final class CaseChoice {

    @Option(names = "--section", paramLabel = "NAME", split = ",", description = "only cases of these sections and their "
            + "subsections: a name --list shows (http2/6.5 for conform, client/6.5 for conform-client, proxy/8.1.1 for "
            + "conform-proxy) or an RFC section number (6.5)")
    List<String> sections = new ArrayList<>();

    @Option(names = "--case", paramLabel = "PREFIX", split = ",", description = "only cases whose id starts with this, "
            + "e.g. http2/6.7, client/6.7 or proxy/8.3.1 (an id --list shows)")
    List<String> casePrefixes = new ArrayList<>();

    @Option(names = "--strict", description = "demand exact behaviour (a PASS-LENIENT, such as a close without GOAWAY, "
            + "fails) and run SHOULD-level cases")
    boolean strict;

    CaseSelection selection() {
        return new CaseSelection(casePrefixes, sections);
    }

    /**
     * The one-line usage error when a --section or --case of {@code selection} selects none of {@code cases}, naming
     * the sections --list shows ({@code sectionIds}); empty when every entry selects some case.
     */
    static Optional<String> selectsNone(CaseSelection selection, List<CaseSelection.Selectable> cases,
            List<String> sectionIds) {
        List<String> unmatched = selection.unmatchedAmong(cases);
        if (unmatched.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.join(", ", unmatched) + " selects no case: give a section that --list shows ("
                + String.join(", ", sectionIds) + ") or an RFC section number like 6.5");
    }
}
