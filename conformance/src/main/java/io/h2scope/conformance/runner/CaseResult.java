package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One case's outcome with its evidence.
 *
 * @param section   the section it belongs to
 * @param definition the case
 * @param iteration 1-based run number (more than 1 only with --repeat)
 * @param verdict   the outcome, expected and actual
 * @param evidence  every frame both ways on the case's connection (and the liveness probe's, when one ran)
 * @param elapsed   wall time of the case, probe included
 */
public record CaseResult(Section section, CaseDef definition, int iteration, Verdict verdict, List<TraceEntry> evidence,
        Duration elapsed) {

    public CaseResult {
        evidence = List.copyOf(evidence);
    }

    /** The evidence as text, one line per entry. */
    public String evidenceText() {
        return evidence.stream().map(TraceEntry::format).collect(Collectors.joining("\n"));
    }
}
