package io.h2scope.engine.error;

import java.util.Locale;

/**
 * The stable id of a broken rule, the same in a trace, a conformance verdict and the GUI: a named rule gives
 * its own ({@code frame/data-on-stream-zero} for {@code FrameRule.DATA_ON_STREAM_ZERO}); an error without one
 * is named by its section and code ({@code rfc9113/6.9.1/flow_control_error}), which is stable as long as the
 * section states one rule with that code.
 */
public final class RuleIds {

    private RuleIds() {
    }

    public static String of(H2Exception error) {
        return of(error.rule().orElse(null), error.spec(), error.code());
    }

    /** {@code rule} may be null. */
    public static String of(Rule rule, SpecRef spec, ErrorCode code) {
        if (rule instanceof Enum<?> named) {
            String family = named.getDeclaringClass().getSimpleName().replace("Rule", "").toLowerCase(Locale.ROOT);
            return family + "/" + named.name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
        return spec.rfc().name().toLowerCase(Locale.ROOT) + "/" + spec.section() + "/"
                + code.name().toLowerCase(Locale.ROOT);
    }
}
