package io.h2scope.cli.conform;

import io.h2scope.conformance.targets.launch.RunningTarget;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.conformance.targets.launch.TargetStartException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;

/**
 * {@code --target NAME} for a command: starts the named server, says which version of it runs (asked of the
 * server where it runs), hands its listener to the run, and always stops it again. A name that cannot start is
 * one line on stderr (the server's log tail below it when it started but never answered); a server that died
 * during the run never passes.
 */
public final class NamedTargetRun {

    /**
     * The run against a started listener, told the server's version for its reports and the cases it is known to
     * FAIL there (for the run's order); returns the command's exit status.
     */
    @FunctionalInterface
    public interface Body {
        int run(Target target, Optional<ServerVersion> version, Set<String> knownFailures) throws IOException;
    }

    private final TargetResolver resolver;
    private final PrintWriter out;
    private final PrintWriter err;
    private final String command;

    /** {@code command}: the sub-command its errors are said by ({@code conform}), as every other error of it is. */
    public NamedTargetRun(TargetResolver resolver, PrintWriter out, PrintWriter err, String command) {
        this.resolver = resolver;
        this.out = out;
        this.err = err;
        this.command = command;
    }

    public int run(String name, boolean tls, Body body) throws IOException {
        RunningTarget running;
        try {
            running = resolver.start(name, tls, line -> {
                out.println(line);
                out.flush();
            });
        } catch (TargetStartException e) {
            report(e.getMessage(), e.log());
            return exitStatus(e);
        }
        try {
            out.println("Testing " + running.description());
            Optional<ServerVersion> version = running.version();
            version.ifPresent(v -> {
                out.println("Server version: " + v.describeWithSource());
                v.expectedFailuresNote().ifPresent(out::println);
            });
            out.flush();
            int status = body.run(running.target(tls), version, running.knownFailures(tls));
            if (!running.isAlive()) {
                report(running.description() + " died during the run: its verdicts do not count", running.log());
                return RunExit.NOT_JUDGED;
            }
            return status;
        } finally {
            running.close();
        }
    }

    /** 2 for a name or environment the user must fix, 3 for a server that did not come up. */
    public static int exitStatus(TargetStartException e) {
        return e.kind() == TargetStartException.Kind.NOT_READY ? RunExit.NOT_JUDGED : CommandLine.ExitCode.USAGE;
    }

    private void report(String message, String log) {
        err.println("h2scope " + command + ": " + message);
        if (!log.isBlank()) {
            err.println("  the server's log (tail):");
            log.lines().forEach(line -> err.println("    " + line));
        }
        err.flush();
    }
}
