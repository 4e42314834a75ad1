package io.h2scope.conformance.verdict;

import java.util.Objects;

/**
 * What a case concluded: the outcome, what the RFC expects, what the target actually did, and
 * (for SKIP and INCONCLUSIVE) why. The frame exchange that led to it travels beside it in the
 * runner's {@code CaseResult}.
 */
public record Verdict(Outcome outcome, String expected, String actual) {

    public Verdict {
        Objects.requireNonNull(outcome, "outcome");
        expected = expected == null ? "" : expected;
        actual = actual == null ? "" : actual;
    }

    public static Verdict pass(String expected, String actual) {
        return new Verdict(Outcome.PASS, expected, actual);
    }

    public static Verdict lenient(String expected, String actual) {
        return new Verdict(Outcome.PASS_LENIENT, expected, actual);
    }

    public static Verdict fail(String expected, String actual) {
        return new Verdict(Outcome.FAIL, expected, actual);
    }

    public static Verdict skip(String reason) {
        return new Verdict(Outcome.SKIP, "", reason);
    }

    public static Verdict inconclusive(String expected, String reason) {
        return new Verdict(Outcome.INCONCLUSIVE, expected, reason);
    }

    /** SKIP and INCONCLUSIVE: the reason, kept in {@link #actual()}. */
    public String reason() {
        return actual;
    }

    /** The same verdict, FAIL instead of PASS_LENIENT when strict. */
    public Verdict strictly(boolean strict) {
        return strict && outcome == Outcome.PASS_LENIENT
                ? fail(expected, actual + " (not accepted under --strict)") : this;
    }

    @Override
    public String toString() {
        return outcome.label() + (expected.isEmpty() ? "" : " expected: " + expected) + (actual.isEmpty() ? "" : "; actual: " + actual);
    }
}
