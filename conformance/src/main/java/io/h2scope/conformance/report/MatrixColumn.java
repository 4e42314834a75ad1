package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.RunResult;

import java.util.Objects;
import java.util.Optional;

/**
 * One server in one mode, a column of the matrix: its run, or why there is none (it did not start).
 *
 * @param server    the target's name, e.g. {@code nginx}
 * @param via       how it ran: {@code local}, {@code docker}, {@code embedded}, {@code url}
 * @param tls       TLS (ALPN h2) rather than h2c
 * @param run       the run, or null when the server did not start or died
 * @param problem   why there is no run (one line), or null
 * @param reportLink where this run's HTML report is, relative to the matrix files, or null
 */
public record MatrixColumn(String server, String via, boolean tls, RunResult run, String problem, String reportLink) {

    public MatrixColumn {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(via, "via");
        if ((run == null) == (problem == null)) {
            throw new IllegalArgumentException("a column has a run or a problem, not both or neither");
        }
    }

    /** {@code nginx h2c (local)}. */
    public String title() {
        return server + " " + mode() + " (" + via + ")";
    }

    /** {@code h2c} or {@code tls}. */
    public String mode() {
        return tls ? "tls" : "h2c";
    }

    public Optional<RunResult> result() {
        return Optional.ofNullable(run);
    }
}
