package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One judged case as the reports show it, whichever suite judged it: a server case ({@link CaseResult}) or a client
 * case. The report writers read nothing else.
 */
public interface JudgedCase {

    /** Its stable id, e.g. {@code http2/6.7/length-not-8}. */
    String caseId();

    /** The id of its section, e.g. {@code http2/6.7}. */
    String sectionId();

    /** The title of its section, e.g. {@code PING}. */
    String sectionTitle();

    /** The section of the rule, e.g. {@code RFC 9113 §6.7}. */
    String rule();

    /** As {@link #rule()}, with the same rule's section in an older RFC where the suite knows it. */
    default String ruleInFull() {
        return rule();
    }

    /** Name to value of the references a machine report lists for the case ({@code rfc9113}, {@code h2spec}...). */
    Map<String, String> references();

    /** The RFC's sentence the case checks. */
    String quote();

    /** What the case does, in a line. */
    String description();

    Level level();

    /** 1-based run number (more than 1 only with --repeat). */
    int iteration();

    Verdict verdict();

    Duration elapsed();

    /** What the verdict rests on, line by line. */
    List<TraceEntry> evidence();

    /** The case's time budget as it ran, or null when it declares none. */
    default Duration budget() {
        return null;
    }

    /** The evidence as text, one line per entry. */
    default String evidenceText() {
        return evidence().stream().map(TraceEntry::format).collect(Collectors.joining("\n"));
    }
}
