package io.h2scope.conformance.verdict;

/** The five honest outcomes of a case. */
public enum Outcome {
    /** The target did exactly what the RFC demands. */
    PASS("✔", "PASS"),
    /** Accepted, but not the exact behaviour (e.g. closed without GOAWAY); FAIL under --strict. */
    PASS_LENIENT("~", "PASS-LENIENT"),
    /** The target broke the rule, or died. */
    FAIL("✘", "FAIL"),
    /** Not run, with the reason (the target lacks the feature, SHOULD-level without --strict, ...). */
    SKIP("-", "SKIP"),
    /** Timeout or network trouble that is not the target's fault; says nothing about conformance. */
    INCONCLUSIVE("?", "INCONCLUSIVE");

    private final String symbol;
    private final String label;

    Outcome(String symbol, String label) {
        this.symbol = symbol;
        this.label = label;
    }

    public String symbol() {
        return symbol;
    }

    public String label() {
        return label;
    }

    /** PASS or PASS_LENIENT. */
    public boolean passed() {
        return this == PASS || this == PASS_LENIENT;
    }
}
