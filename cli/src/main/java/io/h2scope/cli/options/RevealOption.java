package io.h2scope.cli.options;

import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.text.Redaction;
import picocli.CommandLine.Option;

/**
 * {@code --reveal}, for the commands that read or write traces: credential values (and, where they print text, DATA
 * bytes) are shown or kept only when asked.
 */
public final class RevealOption {

    @Option(names = "--reveal", description = "show credential field values (those a recording holds: one made with "
            + "H2SCOPE_TRACE_REVEAL=1) and the DATA bytes it holds")
    boolean reveal;

    public boolean reveal() {
        return reveal;
    }

    /** The credentials and H2SCOPE_TRACE_REDACT's names, revealed only with --reveal. */
    public Redaction redaction() {
        return TraceConfig.fromSystemEnvironment().redaction().revealing(reveal);
    }
}
