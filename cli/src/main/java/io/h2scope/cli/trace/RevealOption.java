package io.h2scope.cli.trace;

import picocli.CommandLine.Option;

/** {@code --reveal}, for the commands that print trace events as text: hidden values are shown only when asked. */
public final class RevealOption {

    @Option(names = "--reveal", description = "show credential header values and DATA bytes")
    boolean reveal;

    public boolean reveal() {
        return reveal;
    }
}
