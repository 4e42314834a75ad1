package io.h2scope.conformance.verdict;

import java.util.Objects;

/**
 * What a case concluded: the outcome, what the RFC expects, what the target actually did, and
 * (for SKIP and INCONCLUSIVE) why. The frame exchange that led to it travels beside it in the
 * runner's {@code CaseResult}.
 */
public record Verdict(Outcome outcome, String expected, String actual) {

    /** How {@link #closedWithoutAnswer} verdicts begin: the one text that marks them. */
    private static final String CLOSED_WITHOUT = "closed the connection without ";

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

    /**
     * PASS_LENIENT: the target ended the connection without the answer the case waits for ({@code missing}, e.g.
     * "GOAWAY"), so the run saw no code to judge (RFC 9113 §5.4.1: GOAWAY first is a SHOULD). {@code how} says how the
     * connection ended.
     */
    public static Verdict closedWithoutAnswer(String expected, String missing, String how) {
        return lenient(expected, CLOSED_WITHOUT + missing + " (" + how + ")");
    }

    /**
     * True for a {@link #closedWithoutAnswer} verdict: a run that saw no answer at all, so it neither confirms nor
     * contradicts a wrong answer the same target gave in another run (a server that sometimes closes before its own
     * GOAWAY is written, node and jetty9 over TLS).
     */
    public boolean closedWithoutAnswer() {
        return outcome == Outcome.PASS_LENIENT && actual.startsWith(CLOSED_WITHOUT);
    }

    /**
     * True when this run is evidence that the target does not FAIL the case: it did not FAIL, and it saw an answer. The
     * one rule for weighing a FAIL seen elsewhere (another run of the same case, a target's expected failures) against
     * this run: a {@link #closedWithoutAnswer} run neither confirms nor contradicts it.
     */
    public boolean contradictsAFail() {
        return outcome != Outcome.FAIL && !closedWithoutAnswer();
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
