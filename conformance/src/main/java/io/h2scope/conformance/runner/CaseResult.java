package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.OutputViolation;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One case's outcome with its evidence.
 *
 * @param section   the section it belongs to
 * @param definition the case
 * @param iteration 1-based run number (more than 1 only with --repeat)
 * @param verdict   the outcome, expected and actual
 * @param evidence  every frame both ways on the case's connection (and the liveness probe's, when one ran)
 * @param elapsed   wall time of the case, probe included
 * @param outputViolations the rules the target broke in what it sent during the case (its own output), whatever the
 *                  case tested; judged by the {@code output/*} cases
 * @param budget    the case's budget as it ran (declared times the run's budget scale), or null when it declares none
 */
public record CaseResult(Section section, CaseDef definition, int iteration, Verdict verdict, List<TraceEntry> evidence,
        Duration elapsed, List<OutputViolation> outputViolations, Duration budget) implements JudgedCase {

    public CaseResult {
        evidence = List.copyOf(evidence);
        outputViolations = List.copyOf(outputViolations);
    }

    public CaseResult(Section section, CaseDef definition, int iteration, Verdict verdict, List<TraceEntry> evidence,
            Duration elapsed) {
        this(section, definition, iteration, verdict, evidence, elapsed, List.of());
    }

    public CaseResult(Section section, CaseDef definition, int iteration, Verdict verdict, List<TraceEntry> evidence,
            Duration elapsed, List<OutputViolation> outputViolations) {
        this(section, definition, iteration, verdict, evidence, elapsed, outputViolations, null);
    }

    /** The same result with another verdict. */
    public CaseResult withVerdict(Verdict value) {
        return new CaseResult(section, definition, iteration, value, evidence, elapsed, outputViolations, budget);
    }

    /** Its facts from its definition: h2spec's number (null when it has none) and its sections in both RFCs. */
    @Override
    public CaseFacts facts() {
        Map<String, String> references = new LinkedHashMap<>();
        references.put("h2spec", definition.h2spec().orElse(null));
        references.put("rfc7540", definition.rfc7540());
        references.put("rfc9113", definition.rfc9113());
        String rule = "RFC 9113 §" + definition.rfc9113();
        return new CaseFacts(definition.id().value(), section.id(), section.title(), rule,
                rule + " (RFC 7540 §" + definition.rfc7540() + ")", references, definition.quote(), definition.description(),
                definition.level());
    }
}
