package io.h2scope.cli.conform;

import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.intermediary.IntermediaryTarget;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.ProxySuiteRunner;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.report.HtmlReport;
import io.h2scope.conformance.report.JsonReport;
import io.h2scope.conformance.report.MatrixColumn;
import io.h2scope.conformance.report.MatrixReport;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.launch.ContainerTarget;
import io.h2scope.conformance.targets.launch.RunningTarget;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.conformance.targets.launch.TargetSpec;
import io.h2scope.conformance.targets.launch.TargetStartException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code h2scope matrix}: the suite against several real servers, or the client suite over several clients, one
 * report comparing them (a section x column table of counts, a case x column table of every verdict that is not
 * PASS), with each run's own report beside it.
 */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = {"Runs the conformance suite against several servers (--targets: docker-targets/ names), or the client "
                + "suite over several clients (--clients: conform-client's names), and writes one report comparing them: "
                + "matrix.md, matrix.html (cells link to each run's report) and matrix.json.",
                "Exit status: 0 every server or client was judged (whatever its verdicts), 2 usage error, 3 a server did "
                        + "not start, died, or was not reached, or a client was not installed or not judged."})
public final class MatrixCommand implements Callable<Integer> {

    /** A client's per-case wait when --timeout is not given: conform-client's default (a process per case). */
    static final String CLIENT_TIMEOUT = "5s";
    /** An intermediary's per-case wait when --timeout is not given: conform-proxy's default (a case crosses it twice). */
    static final String PROXY_TIMEOUT = "5s";

    @Option(names = "--targets", paramLabel = "NAME", split = ",",
            description = "servers by their docker-targets/ name (nginx,h2o,...) or 'all'")
    List<String> targets = new ArrayList<>();

    @Option(names = "--clients", paramLabel = "NAME", split = ",", description = "clients by conform-client's --client "
            + "name (h2scope, jdk, curl, nghttp, h2load, node, python-httpx, go, chromium) or 'all'; one not installed is a column "
            + "saying what is missing. Takes --section, --case, --strict, --timeout (default " + CLIENT_TIMEOUT + "), --jobs, --out")
    List<String> clients = new ArrayList<>();

    @Option(names = "--proxies", paramLabel = "NAME", split = ",", description = "intermediaries by their docker-targets/ "
            + "folder with a proxy.properties (nginx-proxy, haproxy-proxy, ...) or 'all', each through the intermediary suite "
            + "as --via says. Takes --via, --section, --case, --strict, --timeout (default " + PROXY_TIMEOUT + "), "
            + "--refused-retries, --buffer-limit, --memory-interval, --time-limit, --jobs, --out")
    List<String> proxies = new ArrayList<>();

    @CommandLine.Mixin
    IntermediaryLimitOptions proxyLimits = new IntermediaryLimitOptions();

    @Option(names = "--time-limit", paramLabel = "DURATION", description = "with --proxies: how long each intermediary's "
            + "run may take; once past it, no further case starts and its column says how many ran (default "
            + "5m, ProxyMatrix.DEFAULT_TIME_LIMIT)")
    String timeLimit;

    @Option(names = "--via", paramLabel = "HOW", defaultValue = "auto",
            description = "how --targets and --proxies run: local (the Debian package as a process), docker (the folder's "
                    + "image as a container), or auto: docker where an engine answers, else local (default ${DEFAULT-VALUE})")
    String via;

    @Option(names = "--tls", description = "test the TLS listeners (ALPN h2) instead of h2c")
    boolean tls;

    @Option(names = "--both", description = "test h2c and TLS, two columns per server")
    boolean both;

    @CommandLine.Mixin
    SuiteOptions suite = new SuiteOptions();

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1", description = "servers tested at once (default ${DEFAULT-VALUE})")
    int jobs;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "h2scope-matrix",
            description = "where matrix.{md,html,json} and runs/ go (default ${DEFAULT-VALUE})")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter console = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (Stream.of(targets, clients, proxies).filter(l -> !l.isEmpty()).count() != 1) {
            return usage(err, "give --targets (servers), --clients (clients) or --proxies (intermediaries), one of the three");
        }
        if (!List.of("auto", "local", "docker").contains(via)) {
            return usage(err, "--via must be local, docker or auto, got '" + via + "'");
        }
        if (!proxies.isEmpty()) {
            return proxyMatrix(console, err);
        }
        List<String> proxyOnly = Stream.concat(IntermediaryLimitOptions.NAMES.stream(), Stream.of("--time-limit"))
                .filter(spec.commandLine().getParseResult()::hasMatchedOption).toList();
        if (!proxyOnly.isEmpty()) {
            return usage(err, String.join(", ", proxyOnly) + " applies to --proxies only");
        }
        if (!clients.isEmpty()) {
            return clientMatrix(console, err);
        }
        if (tls && both) {
            return usage(err, "--tls and --both exclude each other: --both already tests TLS");
        }
        if (jobs < 1 || suite.parallel < 1) {
            return usage(err, "--jobs and --parallel must be at least 1");
        }
        CaseSelection selection = suite.selection();
        if (!ConformCommand.selects(selection, "matrix", err)) {
            return CommandLine.ExitCode.USAGE;
        }
        List<String> names;
        try {
            names = names(TargetRegistry.locate());
        } catch (IllegalArgumentException | IOException e) {
            return usage(err, e.getMessage());
        }
        try {
            Files.createDirectories(out.resolve("runs"));
        } catch (IOException e) {
            return usage(err, "cannot write to --out " + out + ": " + e.getMessage());
        }
        PeerOptions peer = suite.peer(true); // every docker-targets server has a self-signed certificate
        List<Boolean> modes = both ? List.of(false, true) : List.of(tls);
        MatrixProgress progress = new MatrixProgress(console, names.size() * modes.size());
        Optional<List<MatrixColumn>> columns = eachAtOnce(names, "server", name -> runServer(name, modes, peer, selection, progress));
        if (columns.isEmpty()) {
            return RunExit.NOT_JUDGED;
        }
        int cases = Suites.all().stream().mapToInt(s -> s.cases().size()).sum();
        return write(new MatrixReport(columns.get(), header("via " + via + ", " + cases + " cases")), columns.get(), console);
    }

    /** {@code --clients}: the client suite over each client named, --jobs of them at once. */
    private int clientMatrix(PrintWriter console, PrintWriter err) throws IOException {
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        List<String> serverOnly = List.of("--via", "--tls", "--both", "--parallel", "--budget-scale").stream()
                .filter(given::hasMatchedOption).toList();
        if (!serverOnly.isEmpty()) {
            return usage(err, String.join(", ", serverOnly) + " applies to --targets only, not to --clients");
        }
        if (jobs < 1) {
            return usage(err, "--jobs must be at least 1");
        }
        CaseSelection selection = suite.selection();
        Duration timeout;
        List<String> names;
        try {
            ConformClientCommand.requireSelects(selection);
            timeout = ConformCommand.parseDuration(given.hasMatchedOption("--timeout") ? suite.timeout : CLIENT_TIMEOUT);
            names = ClientMatrix.names(clients);
            Files.createDirectories(out.resolve("runs"));
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        } catch (IOException e) {
            return usage(err, "cannot write to --out " + out + ": " + e.getMessage());
        }
        ClientMatrix matrix = new ClientMatrix(out, timeout, suite.cases.strict, selection);
        Optional<List<MatrixColumn>> columns = oneColumnEach(names, "client", matrix::column, console);
        if (columns.isEmpty()) {
            return RunExit.NOT_JUDGED;
        }
        int cases = ClientSuite.sections().stream().mapToInt(s -> s.cases().size()).sum();
        return write(new MatrixReport(columns.get(), header("timeout " + RunHeader.duration(timeout) + ", " + cases
                + " client cases"), "client"), columns.get(), console);
    }

    /** {@code --proxies}: the intermediary suite through each intermediary named, --jobs of them at once. */
    private int proxyMatrix(PrintWriter console, PrintWriter err) throws IOException {
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        List<String> serverOnly = List.of("--tls", "--both", "--parallel", "--budget-scale").stream()
                .filter(given::hasMatchedOption).toList();
        if (!serverOnly.isEmpty()) {
            return usage(err, String.join(", ", serverOnly) + " applies to --targets or --clients, not to --proxies");
        }
        if (jobs < 1) {
            return usage(err, "--jobs must be at least 1");
        }
        CaseSelection selection = suite.selection();
        Optional<String> selectsNone = CaseChoice.selectsNone(selection, ProxySuite.selectables(),
                ProxySuite.sections().stream().map(ProxySection::id).toList());
        if (selectsNone.isPresent()) {
            return usage(err, selectsNone.get());
        }
        Duration timeout;
        Duration limit;
        List<String> names;
        try {
            timeout = ConformCommand.parseDuration(given.hasMatchedOption("--timeout") ? suite.timeout : PROXY_TIMEOUT);
            limit = timeLimit == null ? ProxyMatrix.DEFAULT_TIME_LIMIT : ConformCommand.parseDuration("--time-limit", timeLimit);
            proxyLimits.check();
            names = ProxyMatrix.names(proxies);
            Files.createDirectories(out.resolve("runs"));
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        } catch (IOException e) {
            return usage(err, "cannot write to --out " + out + ": " + e.getMessage());
        }
        IntermediaryTarget.Via how = proxiesVia(console);
        ProxyMatrix matrix = new ProxyMatrix(how, via.equals("auto"), suite.cases.strict, timeout, out.resolve("runs"), selection, proxyLimits,
                limit);
        Optional<List<MatrixColumn>> columns = oneColumnEach(names, "intermediary", matrix::column, console);
        if (columns.isEmpty()) {
            return RunExit.NOT_JUDGED;
        }
        int cases = ProxySuiteRunner.plan(ProxySuite.sections(), selection).size();
        String as = how == IntermediaryTarget.Via.DOCKER ? "containers" : "local processes";
        return write(new MatrixReport(columns.get(), header("intermediaries as " + as + ", timeout "
                + RunHeader.duration(timeout) + ", " + cases + " intermediary cases"), "intermediary"),
                columns.get(), console);
    }

    /** {@code --via} for intermediaries (checked already), auto resolved once and said on the console. */
    private IntermediaryTarget.Via proxiesVia(PrintWriter console) {
        if (!via.equals("auto")) {
            return IntermediaryTarget.Via.valueOf(via.toUpperCase(java.util.Locale.ROOT));
        }
        boolean docker = ContainerTarget.dockerAvailable();
        console.println(docker ? "A Docker engine answers: the intermediaries run as containers, a folder without a "
                + "Dockerfile as a local process (--via local for the Debian packages)" : "No Docker engine answers: the intermediaries run as local processes");
        return docker ? IntermediaryTarget.Via.DOCKER : IntermediaryTarget.Via.LOCAL;
    }

    /** What one client or intermediary gives: its column. */
    @FunctionalInterface
    private interface ColumnOf {
        MatrixColumn run(String name) throws Exception;
    }

    /** One column per name, each on the console as it ends, --jobs names at once; empty when interrupted. */
    private Optional<List<MatrixColumn>> oneColumnEach(List<String> names, String what, ColumnOf columnOf,
            PrintWriter console) throws IOException {
        MatrixProgress progress = new MatrixProgress(console, names.size());
        return eachAtOnce(names, what, name -> {
            MatrixColumn c = columnOf.run(name);
            progress.done(c);
            return List.of(c);
        });
    }

    /** What one server or client gives: its columns. */
    @FunctionalInterface
    private interface ColumnsOf {
        List<MatrixColumn> run(String name) throws Exception;
    }

    /** Each name's columns, in the names' order, --jobs names at once; empty when interrupted. */
    private Optional<List<MatrixColumn>> eachAtOnce(List<String> names, String what, ColumnsOf columnsOf) throws IOException {
        List<MatrixColumn> columns = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, names.size()));
        try {
            List<Future<List<MatrixColumn>>> futures = new ArrayList<>();
            for (String name : names) {
                futures.add(pool.submit(() -> columnsOf.run(name)));
            }
            for (Future<List<MatrixColumn>> f : futures) {
                columns.addAll(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException("a " + what + "'s run failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return Optional.of(columns);
    }

    /** The matrix's line under its title: when, which h2scope, how strict, {@code what}, and the command. */
    private String header(String what) {
        return "h2scope " + H2scopeVersion.get() + ", " + Instant.now().toString().substring(0, 10) + ", "
                + (suite.cases.strict ? "--strict" : "not --strict") + ", " + what
                + ", run by: ./h2scope " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }

    /** Writes the three files; 0 when every column was judged, else 3. */
    private int write(MatrixReport report, List<MatrixColumn> columns, PrintWriter console) throws IOException {
        report.writeAll(out);
        console.println("Matrix written to " + out.resolve("matrix.md") + ", matrix.html, matrix.json");
        console.flush();
        boolean allJudged = columns.stream().allMatch(c -> c.run() != null && (c.run().status() == RunResult.Status.PASSED
                || c.run().status() == RunResult.Status.FAILED));
        return allJudged ? CommandLine.ExitCode.OK : RunExit.NOT_JUDGED;
    }

    /** The servers asked for, checked against the registry: 'all' is every folder. */
    private List<String> names(TargetRegistry registry) {
        return MatrixNames.chosen(targets, registry.all().stream().map(TargetSpec::name).toList(), "target");
    }

    /** Starts one server, runs each mode against it, stops it: one column per mode, a problem column where it did not run. */
    private List<MatrixColumn> runServer(String name, List<Boolean> modes, PeerOptions peer, CaseSelection selection, MatrixProgress progress) {
        String spec = via.equals("auto") ? name : via + ":" + name;
        String how = via;
        List<MatrixColumn> columns = new ArrayList<>();
        RunningTarget running;
        try {
            StringBuilder said = new StringBuilder();
            running = TargetResolver.standard().start(spec, modes.get(0), said::append);
            if (how.equals("auto")) {
                how = said.toString().contains("as a container") ? "docker" : "local";
            }
        } catch (TargetStartException e) {
            for (boolean overTls : modes) {
                MatrixColumn c = new MatrixColumn(name, how, overTls, null, e.getMessage(), null);
                progress.done(c);
                columns.add(c);
            }
            return columns;
        }
        try {
            ServerVersion version = running.version().orElse(null);
            for (boolean overTls : modes) {
                MatrixColumn c;
                if ((overTls ? running.tls() : running.h2c()).isEmpty()) {
                    c = new MatrixColumn(name, how, overTls, null, "no " + (overTls ? "TLS" : "h2c") + " listener", null, version);
                } else {
                    RunConfig config = new RunConfig(running.target(overTls), peer, suite.parallel, selection, 1)
                            .withKnownFailures(running.knownFailures(overTls));
                    RunResult run = new SuiteRunner(config).run(Suites.all(), new RunListener() { });
                    String file = name + "-" + (overTls ? "tls" : "h2c") + "-" + how;
                    RunHeader header = RunHeader.of(config, run).withServer(Optional.ofNullable(version));
                    HtmlReport.write(header, run, out.resolve("runs").resolve(file + ".html"));
                    JsonReport.write(header, run, out.resolve("runs").resolve(file + ".json"));
                    c = running.isAlive() ? new MatrixColumn(name, how, overTls, run, null, "runs/" + file + ".html", version)
                            : new MatrixColumn(name, how, overTls, null, "the server died during the run", "runs/" + file + ".html", version);
                }
                progress.done(c);
                columns.add(c);
            }
        } catch (IOException e) {
            columns.add(new MatrixColumn(name, how, modes.get(columns.size()), null, "a report could not be written: " + e.getMessage(), null));
        } finally {
            running.close();
        }
        return columns;
    }

    private static int usage(PrintWriter err, String message) {
        err.println("h2scope matrix: " + message);
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }
}
