package io.h2scope.cli.conform;

import io.h2scope.conformance.runner.CaseSelection;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

/** Which cases run and how strictly they are judged, for either suite (a picocli mixin). */
public final class CaseChoice {

    @Option(names = "--section", paramLabel = "NAME", split = ",", description = "only cases of these sections and their "
            + "subsections: a name --list shows (http2/6.5, security, client/6.5) or an RFC section number (6.5)")
    List<String> sections = new ArrayList<>();

    @Option(names = "--case", paramLabel = "PREFIX", split = ",", description = "only cases whose id starts with this, "
            + "e.g. http2/6.7 or client/6.7")
    List<String> casePrefixes = new ArrayList<>();

    @Option(names = "--strict", description = "demand exact behaviour (a PASS-LENIENT, such as a close without GOAWAY, "
            + "fails) and run SHOULD-level cases")
    boolean strict;

    CaseSelection selection() {
        return new CaseSelection(casePrefixes, sections);
    }
}
