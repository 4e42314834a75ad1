package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.RunSubject;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * What every report states before its verdicts, so a verdict read later can be told apart from
 * another run's: when, by which h2scope, against what (and which version of it), with which options.
 *
 * @param startedAt when the run started
 * @param version   the h2scope version ({@link H2scopeVersion})
 * @param target    what the run judged: the server under test, or the client
 * @param strict    whether --strict was on (exact behaviour demanded, SHOULD-level cases run)
 * @param timeout   the per-case wait
 * @param parallel  cases run at once
 * @param repeat    runs of each case
 * @param server    the server's version as it told it, with any note on expected-failures.txt; null when nothing
 *                  could be asked (a URL)
 */
public record RunHeader(Instant startedAt, String version, RunSubject target, boolean strict, Duration timeout, int parallel,
        int repeat, ServerVersion server) {

    /** A header with no server version (a URL's server: nothing to ask). */
    public RunHeader(Instant startedAt, String version, RunSubject target, boolean strict, Duration timeout, int parallel, int repeat) {
        this(startedAt, version, target, strict, timeout, parallel, repeat, null);
    }

    /** The header of {@code run}, which ran with {@code config}. */
    public static RunHeader of(RunConfig config, RunResult run) {
        return new RunHeader(run.startedAt(), H2scopeVersion.get(), run.target(), run.strict(), config.timeout(),
                config.parallel(), config.repeat());
    }

    /** The header of a client run, whose cases run one at a time, once, each waiting {@code timeout} for the client. */
    public static RunHeader ofClientRun(JudgedRun run, Duration timeout) {
        return new RunHeader(run.startedAt(), H2scopeVersion.get(), run.subject(), run.strict(), timeout, 1, 1);
    }

    /** The same header naming the server's version (when one was asked). */
    public RunHeader withServer(Optional<ServerVersion> value) {
        return new RunHeader(startedAt, version, target, strict, timeout, parallel, repeat, value.orElse(null));
    }

    /** {@code h2scope conformance} for a server, {@code h2scope client conformance} for a client: what a report is headed. */
    public String title() {
        return target.role().equals("server") ? "h2scope conformance" : "h2scope " + target.role() + " conformance";
    }

    /** {@code target} for a server, {@code client} for a client: what a report calls the subject. */
    public String subjectLabel() {
        return target.role().equals("server") ? "target" : target.role();
    }

    public Optional<ServerVersion> serverVersion() {
        return Optional.ofNullable(server);
    }

    /** E.g. {@code strict off, timeout 1s, parallel 4}, with {@code repeat N} only when cases repeat. */
    public String options() {
        return "strict " + (strict ? "on" : "off") + ", timeout " + duration(timeout) + ", parallel " + parallel
                + (repeat > 1 ? ", repeat " + repeat : "");
    }

    /** {@code 1s}, {@code 1.5s}, {@code 250ms}: the form {@code --timeout} takes. */
    public static String duration(Duration d) {
        long millis = d.toMillis();
        if (millis % 1000 != 0 && millis < 1000) {
            return millis + "ms";
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : String.format(Locale.ROOT, "%.3fs", millis / 1000.0)
                .replaceAll("0+s$", "s");
    }
}
