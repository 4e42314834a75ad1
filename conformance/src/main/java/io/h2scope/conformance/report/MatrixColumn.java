package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.ServerVersion;

import java.util.Objects;
import java.util.Optional;

/**
 * One server or client in one mode, a column of the matrix: its run (of either suite), or why there is none (it did
 * not start, or is not installed).
 *
 * @param server    the target's or client's name, e.g. {@code nginx}, {@code curl}
 * @param via       how it ran: {@code local}, {@code docker}, {@code embedded}, {@code url}; a client:
 *                  {@code in-process} or {@code command}
 * @param mode      how it was reached: {@code h2c} or {@code tls}; a client, how it connected in the cases that hold
 *                  for any connection: {@code pk}, {@code upgrade} or {@code tls}
 * @param run       the run, or null when the server did not start or died
 * @param problem   why there is no run (one line), or null
 * @param reportLink where this run's HTML report is, relative to the matrix files, or null
 * @param version   the server's version as it told it where it ran (with any note on its expected-failures.txt),
 *                  or null when it did not start
 */
public record MatrixColumn(String server, String via, String mode, JudgedRun run, String problem, String reportLink,
        ServerVersion version) {

    /** A server's column, over TLS (ALPN h2) or h2c. */
    public MatrixColumn(String server, String via, boolean tls, JudgedRun run, String problem, String reportLink,
            ServerVersion version) {
        this(server, via, tls ? "tls" : "h2c", run, problem, reportLink, version);
    }

    /** A column whose server's version is not known: it did not start. */
    public MatrixColumn(String server, String via, boolean tls, JudgedRun run, String problem, String reportLink) {
        this(server, via, tls, run, problem, reportLink, null);
    }

    public MatrixColumn {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(via, "via");
        Objects.requireNonNull(mode, "mode");
        if ((run == null) == (problem == null)) {
            throw new IllegalArgumentException("a column has a run or a problem, not both or neither");
        }
    }

    /** {@code nginx 1.22.1 h2c (local)}, without the version when none is known. */
    public String title() {
        return server + (version != null && version.isKnown() ? " " + version.version() : "") + " " + mode() + " (" + via + ")";
    }

    /** The version cell: {@code 1.22.1}, {@code unknown: REASON}, or empty when the server did not start. */
    public String versionText() {
        return version == null ? "" : version.isKnown() ? version.version() : "unknown: " + version.problem();
    }

    public Optional<JudgedRun> result() {
        return Optional.ofNullable(run);
    }

    /** Why this column has no verdicts: the problem, or why its run judged nothing (not HTTP/2, not reached); else empty. */
    public Optional<String> notJudged() {
        if (run == null) {
            return Optional.of(problem);
        }
        return run.status() == RunResult.Status.UNREACHABLE ? run.diagnosis() : Optional.empty();
    }

    /** The status in words: {@code not run: why}, {@code not judged: why}, or the run's status ({@code FAILED}). */
    public String status() {
        if (run == null) {
            return "not run: " + problem;
        }
        return notJudged().map(why -> "not judged: " + why).orElse(run.status().name());
    }
}
