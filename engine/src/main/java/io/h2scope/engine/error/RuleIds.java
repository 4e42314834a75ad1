package io.h2scope.engine.error;

import java.util.Locale;

/**
 * The stable id of a broken rule, the same in a trace, a conformance verdict and the GUI:
 * {@code family/name}, lowercase, words joined by '-'. The family is the rule enum's name without
 * {@code Rule} ({@code FieldBlockRule} gives {@code field-block}), the name is the constant's
 * ({@code FrameRule.DATA_ON_STREAM_ZERO} is {@code frame/data-on-stream-zero}). docs/TRACE_FORMAT.md lists them all.
 *
 * <p>Only a violation that a passive decoder reports without a rule (an observer's finding) is named by
 * its section and code instead ({@code rfc9113/3.4/protocol_error}).
 */
public final class RuleIds {

    private RuleIds() {
    }

    public static String of(H2Exception error) {
        return of(error.rule());
    }

    /** The id of a rule, which must be an enum constant (see {@link Rule}). */
    public static String of(Rule rule) {
        if (!(rule instanceof Enum<?> named)) {
            throw new IllegalArgumentException("a rule is an enum constant, got " + rule);
        }
        return familyOf(named.getDeclaringClass()) + "/" + named.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The id of {@code rule}, or where it is null the id made of {@code spec} and {@code code}. */
    public static String of(Rule rule, SpecRef spec, ErrorCode code) {
        if (rule != null) {
            return of(rule);
        }
        return spec.rfc().name().toLowerCase(Locale.ROOT) + "/" + spec.section() + "/"
                + code.name().toLowerCase(Locale.ROOT);
    }

    /** {@code FieldBlockRule} -> {@code field-block}. */
    static String familyOf(Class<?> ruleEnum) {
        String name = ruleEnum.getSimpleName();
        if (name.endsWith("Rule")) {
            name = name.substring(0, name.length() - "Rule".length());
        }
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }
}
