package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;

import java.util.Optional;
import java.util.Set;

/**
 * A server the suite can test, started (or found) by {@link TargetResolver}: an embedded server, a
 * docker-targets/ server as a local process or as a container, or a URL of one already running.
 * {@link #close()} stops what was started and removes its state (idempotent); a URL has nothing to stop.
 */
public interface RunningTarget extends AutoCloseable {

    /** How it runs, for the console: "nginx as a local process (pid 1234)". */
    String description();

    Optional<Target> h2c();

    Optional<Target> tls();

    /** {@code single} as the h2c listener or the TLS one, whichever it is: for a running target with one listener. */
    static Optional<Target> asListener(Target single, boolean overTls) {
        return single.tls() == overTls ? Optional.of(single) : Optional.empty();
    }

    /** The h2c or the TLS listener, failing with the name of the missing one. */
    default Target target(boolean overTls) {
        return (overTls ? tls() : h2c()).orElseThrow(() -> new IllegalArgumentException(description() + " has no "
                + (overTls ? "TLS" : "h2c") + " listener"));
    }

    /**
     * The version of the server, asked of it where it runs, with the note its expected-failures.txt gives for that
     * version; empty for a URL (there is nothing to ask). Asked once.
     */
    default Optional<ServerVersion> version() {
        return Optional.empty();
    }

    /**
     * The case ids the server is known to FAIL on that listener (its expected-failures.txt), for the run's order
     * ({@link io.h2scope.conformance.runner.RunConfig#knownFailures()}); empty when nothing is known.
     */
    default Set<String> knownFailures(boolean overTls) {
        return Set.of();
    }

    /** False once a process or container it started has died (a URL's server is not watched: true). */
    boolean isAlive();

    /** The tail of the server's own log, for a failure report; empty when there is none. */
    String log();

    @Override
    void close();
}
