package io.h2scope.cli.conform;

import io.h2scope.conformance.intermediary.IntermediaryTarget;
import io.h2scope.conformance.intermediary.ProxyRunReport;
import io.h2scope.conformance.intermediary.ProxyStage;
import io.h2scope.conformance.intermediary.ProxySuiteRunner;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.report.HtmlReport;
import io.h2scope.conformance.report.JsonReport;
import io.h2scope.conformance.report.MatrixColumn;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.ContainerTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code h2scope matrix --proxies}: the intermediary suite through each named intermediary in turn, as a local process
 * or a container (its origin, its process, the whole suite, its own report under {@code runs/}), one
 * {@link MatrixColumn} each, so the server matrix's report writer compares them.
 */
final class ProxyMatrix {

    /**
     * How long one intermediary's run may take ({@code --time-limit}) before its remaining cases are left out and its
     * column says so: the whole suite takes under a minute through each intermediary here, so an intermediary still
     * running after five hangs case after case until each times out.
     */
    static final Duration DEFAULT_TIME_LIMIT = Duration.ofMinutes(5);

    private final boolean strict;
    private final Duration timeout;
    private final Path runs;
    private final CaseSelection selection;
    private final IntermediaryLimitOptions limits;
    private final Duration timeLimit;
    private final IntermediaryTarget.Via via;
    /** {@code --via auto}: a folder without a Dockerfile runs locally ({@link IntermediaryTarget#auto}). */
    private final boolean auto;

    /**
     * @param via       how each intermediary runs: a local process or a container
     * @param auto      whether --via auto chose {@code via}
     * @param selection which cases run (--section, --case)
     * @param limits    the client's and the stage's limits, {@link IntermediaryLimitOptions#check() checked}
     * @param timeLimit how long each intermediary's run may take, see {@link #DEFAULT_TIME_LIMIT}
     */
    ProxyMatrix(IntermediaryTarget.Via via, boolean auto, boolean strict, Duration timeout, Path runs, CaseSelection selection,
            IntermediaryLimitOptions limits, Duration timeLimit) {
        this.via = via;
        this.auto = auto;
        this.strict = strict;
        this.timeout = timeout;
        this.runs = runs;
        this.selection = selection;
        this.limits = limits;
        this.timeLimit = timeLimit;
    }

    /** The names asked for, checked against the intermediary folders: 'all' is every one of them. */
    static List<String> names(List<String> asked) throws IOException {
        return MatrixNames.chosen(asked, IntermediaryTarget.names(), "intermediary");
    }

    /** Runs the suite through {@code name}: a column with its run, or with the problem that kept it from one. */
    MatrixColumn column(String name) throws InterruptedException {
        boolean tls = false;
        IntermediaryTarget.Via via = this.via;
        String how = via.prefix();
        try {
            Properties spec = IntermediaryTarget.spec(name);
            via = auto ? IntermediaryTarget.auto(spec, via) : via;
            how = via.prefix();
            tls = Boolean.parseBoolean(spec.getProperty("front.tls", "false"));
            String unavailable = IntermediaryTarget.unavailableReason(spec, via, ContainerTarget::dockerAvailable);
            if (unavailable != null) {
                return new MatrixColumn(name, how, tls, null, unavailable, null);
            }
            try (Origin origin = Origin.start(IntermediaryTarget.origin(spec), 0);
                    IntermediaryTarget proxy = IntermediaryTarget.start(new IntermediaryTarget.Choice(via, name), origin)) {
                ServerVersion version = proxy.version();
                ProxyStage stage = limits.stage(origin, limits.front(proxy.front(), proxy.frontTls(), timeout),
                        proxy.process());
                ProxySuiteRunner runner = new ProxySuiteRunner(stage, strict, selection);
                Optional<String> unreachable = runner.unreachable();
                if (unreachable.isPresent()) {
                    return new MatrixColumn(name, how, tls, null, unreachable.get(), null, version);
                }
                Target front = new Target(name, "127.0.0.1", proxy.front().getPort(), tls, "/");
                Instant started = Instant.now();
                long t0 = System.nanoTime();
                int planned = runner.plan(ProxySuite.sections()).size();
                List<CaseResult> results = runner.runWithin(ProxySuite.sections(), r -> { }, timeLimit).stream()
                        .map(ProxyRunReport::caseResult).toList();
                RunResult run = ProxyRunReport.of(front, strict, started, Duration.ofNanos(System.nanoTime() - t0), results);
                RunHeader header = new RunHeader(started, H2scopeVersion.get(), front, strict, timeout, 1, 1)
                        .withServer(Optional.of(version));
                HtmlReport.write(header, run, runs.resolve(name + ".html"));
                JsonReport.write(header, run, runs.resolve(name + ".json"));
                String report = "runs/" + name + ".html";
                if (!proxy.isAlive()) {
                    return new MatrixColumn(name, how, tls, null, "the intermediary died during the run", report,
                            version);
                }
                if (results.size() < planned) {
                    return new MatrixColumn(name, how, tls, null, "stopped at the time limit (--time-limit "
                            + RunHeader.duration(timeLimit) + "): " + results.size() + " of " + planned + " cases ran",
                            report, version);
                }
                return new MatrixColumn(name, how, tls, run, null, report, version);
            }
        } catch (IOException e) {
            return new MatrixColumn(name, how, tls, null, String.valueOf(e.getMessage()), null);
        }
    }
}
