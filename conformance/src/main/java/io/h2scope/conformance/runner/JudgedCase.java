package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One judged case as the reports show it, whichever suite judged it: a server case ({@link CaseResult}) or a client
 * case. The report writers read nothing else.
 */
public interface JudgedCase {

    /** Its id, section, rule, sentence and level. */
    CaseFacts facts();

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
