package io.h2scope.conformance.verdict;

import io.h2scope.engine.error.ErrorCode;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * An error code a case accepts, and the rule that gives it. Where several rules apply to the same
 * frames (RFC 9113 §5.4: "an endpoint MAY ... choose" among the errors it detects), a case accepts
 * each rule's code, and the verdict says which rule the target's answer matched.
 *
 * @param code the code
 * @param rule the section and a few words of why, e.g. {@code "§5.1: a frame on a closed stream"}; empty
 *             when the case has one rule (its own section)
 */
public record AcceptedCode(ErrorCode code, String rule) {

    public AcceptedCode {
        rule = rule == null ? "" : rule;
    }

    /** {@code code}, the answer RFC 9113 {@code rule} gives. */
    public static AcceptedCode of(ErrorCode code, String rule) {
        return new AcceptedCode(code, rule);
    }

    /** Codes of the case's own rule. */
    static AcceptedCode[] plain(ErrorCode... codes) {
        return Arrays.stream(codes).map(c -> new AcceptedCode(c, "")).toArray(AcceptedCode[]::new);
    }

    /** The accepted code matching {@code wire}, or null. */
    static AcceptedCode match(AcceptedCode[] accepted, int wire) {
        for (AcceptedCode a : accepted) {
            if (a.code.code() == wire) {
                return a;
            }
        }
        return null;
    }

    /** E.g. {@code PROTOCOL_ERROR (§6.10) or STREAM_CLOSED (§5.1)}. */
    static String names(AcceptedCode[] accepted) {
        return Arrays.stream(accepted).map(a -> a.code.name() + (a.rule.isEmpty() ? "" : " (RFC 9113 " + a.rule + ")"))
                .collect(Collectors.joining(" or "));
    }

    /** What the verdict appends after the frame: {@code , the answer RFC 9113 §5.1 gives (a frame on a closed stream)}. */
    String matched() {
        return rule.isEmpty() ? "" : ": the answer of RFC 9113 " + rule;
    }
}
