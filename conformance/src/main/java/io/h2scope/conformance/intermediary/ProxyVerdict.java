package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.verdict.Verdict;
import java.util.Objects;

/** A case's verdict (the shared kind, so reports read it as any other) and the finding behind it. */
public record ProxyVerdict(ProxyFinding finding, Verdict verdict) {

    public ProxyVerdict {
        Objects.requireNonNull(finding, "finding");
        Objects.requireNonNull(verdict, "verdict");
    }

    public static ProxyVerdict skip(String reason) {
        return new ProxyVerdict(ProxyFinding.NONE, Verdict.skip(reason));
    }

    public static ProxyVerdict inconclusive(String expected, String reason) {
        return new ProxyVerdict(ProxyFinding.NONE, Verdict.inconclusive(expected, reason));
    }

    @Override
    public String toString() {
        return (finding == ProxyFinding.NONE ? "" : finding.words() + (finding.critical() ? " (critical)" : "") + ": ")
                + verdict;
    }
}
