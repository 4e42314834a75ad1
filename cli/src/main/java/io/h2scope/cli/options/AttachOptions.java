package io.h2scope.cli.options;

import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * What attaching to a running engine's H2SCOPE_TRACE_LISTEN takes besides the address: {@code --token}, how an
 * {@code --attach} value is read and how a failed attach is worded, for {@code trace follow}, {@code trace explain}
 * and {@code inspect} alike. ({@code --attach} itself stays in each command's group of sources, which picocli cannot
 * share.)
 */
public final class AttachOptions {

    @Option(names = "--token", paramLabel = "TOKEN", description = "the token the engine printed (TCP attach)")
    String token;

    public String token() {
        return token;
    }

    /** What a failed attach says on its one line: for a refused token, what to give instead. */
    public static String failure(AttachException e) {
        return e.refused() ? e.getMessage() + "; give the token it printed with --token" : e.getMessage();
    }

    /** {@code --attach}'s value as an address, or a usage error naming it. */
    public static ListenAddress address(CommandSpec spec, String attach) {
        try {
            return parse(attach);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--attach " + attach + ": " + e.getMessage());
        }
    }

    /**
     * {@code --attach}'s value as an address to attach to: {@link ListenAddress#parse}, and not port 0 (a listener's
     * "any free port").
     *
     * @throws IllegalArgumentException saying what is wrong and what to give instead
     */
    public static ListenAddress parse(String attach) {
        ListenAddress address = ListenAddress.parse(attach);
        if (address.tcp() != null && address.tcp().getPort() == 0) {
            throw new IllegalArgumentException("port 0 is not one to attach to (give the port the engine printed as it "
                    + "started listening, such as 127.0.0.1:7000)");
        }
        return address;
    }
}
