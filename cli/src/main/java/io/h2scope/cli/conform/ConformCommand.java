package io.h2scope.cli.conform;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.report.ReportDestinations;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.CaseScript;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.engine.server.SettingText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code h2scope conform}: runs the conformance suite against a server and reports per case. */
@Command(name = "conform", mixinStandardHelpOptions = true,
        description = {"Tests an HTTP/2 server against RFC 9113 / 7540 / 7541, case by case, with the frames that prove each verdict.",
                "Exit status: 0 all MUST cases pass, 1 a case failed, 2 usage error, 3 the target was not reached "
                        + "(no connection got through the HTTP/2 handshake) or too many verdicts were INCONCLUSIVE."})
public final class ConformCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "URL",
            description = "http://host:port/path (h2c, prior knowledge) or https://host:port/path (TLS, ALPN h2)")
    String url;

    @CommandLine.Mixin
    SuiteOptions suite = new SuiteOptions();

    @Option(names = "--insecure", description = "over TLS, accept any certificate")
    boolean insecure;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "run each case N times, 1 to "
            + RunConfig.MAX_REPEAT)
    int repeat;

    @CommandLine.Mixin
    ReportOption report = new ReportOption();

    @Option(names = "--max-inconclusive", paramLabel = "PERCENT", defaultValue = "10",
            description = "a run with more INCONCLUSIVE verdicts than this share of the cases judged exits 3 (default ${DEFAULT-VALUE})")
    int maxInconclusive;

    @Option(names = "--save-script", paramLabel = "FILE", description = "with one case selected (--case ID): write "
            + "its script, the frames it sent as console lines, for `console URL --script FILE`")
    Path saveScript;

    @Option(names = "--list", description = "list the selected cases without running them")
    boolean list;

    @Option(names = "--tls", description = "with no URL: test the TLS listener (self-signed certificate) of the embedded server "
            + "or of the --target, instead of h2c")
    boolean embeddedTls;

    @Option(names = "--target", paramLabel = "NAME", description = "start the server to test: embedded, local:NAME (the Debian "
            + "package with docker-targets/NAME's config), docker:NAME (its image as a container), NAME (a container where a "
            + "Docker engine answers, else local), or a URL; an unknown NAME lists the known ones")
    String targetName;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private ReportDestinations destinations = ReportDestinations.none();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        destinations = report.destinations(); // before the run: a bad path must not cost a whole run
        CaseSelection selection = suite.selection();
        if (!selects(selection, "conform", err)) {
            return CommandLine.ExitCode.USAGE;
        }
        if (maxInconclusive < 0 || maxInconclusive > 100) {
            err.println("h2scope conform: --max-inconclusive must be 0..100 (percent), got " + maxInconclusive);
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        if (repeat < 1 || repeat > RunConfig.MAX_REPEAT) {
            err.println("h2scope conform: --repeat must be 1 to " + RunConfig.MAX_REPEAT + ", got " + repeat);
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        if (url != null && targetName != null) {
            err.println("h2scope conform: give a URL or --target, not both");
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        if (url != null && embeddedTls) {
            err.println("h2scope conform: --tls selects TLS for the embedded server; with a URL, use https:// instead");
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        if (saveScript != null && !selectsOneCase(selection, err)) {
            return CommandLine.ExitCode.USAGE;
        }
        boolean selfSigned = url == null && (targetName == null || !targetName.contains("://"));
        PeerOptions peer = suite.peer(insecure || selfSigned); // the embedded and docker-targets servers' certificates are self-signed
        if (list) {
            Target target = url == null ? new Target("list", "127.0.0.1", 1, false, "/") : Target.parse(url);
            String[] section = {null};
            new SuiteRunner(new RunConfig(target, peer, suite.parallel, selection, repeat)).plan(Suites.all()).forEach(p -> {
                if (!p.section().id().equals(section[0])) {
                    section[0] = p.section().id();
                    out.println(p.section().id() + "  " + p.section().title());
                }
                out.printf("  %-58s %-14s %s %s%s%n", p.definition().id(), p.definition().h2spec().orElse("-"),
                        p.definition().level(), p.definition().description(), p.definition().declaredBudget()
                                .map(b -> " [budget " + peer.scaled(b).toMillis() / 1000.0 + " s]").orElse(""));
            });
            out.flush();
            return CommandLine.ExitCode.OK;
        }
        if (targetName != null) {
            return new NamedTargetRun(TargetResolver.standard(), out, err, "conform").run(targetName, embeddedTls,
                    (target, version, knownFailures) -> runAndReport(new RunConfig(target, peer, suite.parallel, selection, repeat,
                            maxInconclusive, knownFailures), version, out));
        }
        if (url != null) {
            return runAndReport(new RunConfig(Target.parse(url), peer, suite.parallel, selection, repeat, maxInconclusive),
                    Optional.empty(), out);
        }
        try (ReferenceServerTarget embedded = ReferenceServerTarget.of(embeddedTls)) {
            Target target = embedded.start();
            out.println("No URL given: testing the embedded server, " + target.name());
            return runAndReport(new RunConfig(target, peer, suite.parallel, selection, repeat, maxInconclusive),
                    Optional.of(ReferenceServerTarget.version()), out);
        }
    }

    /** False, with a one-line usage error, when a --section or --case of {@code selection} selects no case. */
    static boolean selects(CaseSelection selection, String command, PrintWriter err) {
        List<String> unmatched = selection.unmatched(Suites.all());
        if (unmatched.isEmpty()) {
            return true;
        }
        err.println("h2scope " + command + ": " + String.join(", ", unmatched) + " selects no case: give a section name or id prefix "
                + "that --list shows (" + Suites.all().stream().map(s -> s.id().split("/")[0]).distinct()
                .collect(java.util.stream.Collectors.joining(", ")) + ", or one of their subsections like http2/6.5) or an RFC section number like 6.5");
        err.flush();
        return false;
    }

    /** False, with a one-line usage error, when --save-script has not exactly one case to write. */
    private boolean selectsOneCase(CaseSelection selection, PrintWriter err) {
        Target any = new Target("list", "127.0.0.1", 1, false, "/");
        List<String> ids = new SuiteRunner(new RunConfig(any, PeerOptions.defaults(), 1, selection, 1)).plan(Suites.all())
                .stream().map(p -> p.definition().id().toString()).distinct().toList();
        if (ids.size() == 1) {
            return true;
        }
        err.println("h2scope conform: --save-script writes one case's script, but the selection has " + ids.size()
                + " cases: give one with --case ID (--list shows the ids)");
        err.flush();
        return false;
    }

    private int runAndReport(RunConfig config, Optional<ServerVersion> version, PrintWriter out) throws IOException {
        out.flush();
        RunResult run = new SuiteRunner(config).run(Suites.all(), ConsoleReporter.forCommand(out));
        if (saveScript != null && !run.results().isEmpty()) {
            Files.write(saveScript, CaseScript.of(run.results().get(0)), StandardCharsets.UTF_8);
            out.println("script of " + run.results().get(0).definition().id() + " written to " + saveScript);
            out.flush();
        }
        return RunExit.reportAndExit(destinations, RunHeader.of(config, run).withServer(version), run, "conform",
                spec.commandLine().getErr());
    }

    /** {@code 1s}, {@code 500ms}, {@code 2m}, or an ISO-8601 duration ({@code PT1.5S}), given to --timeout. */
    static Duration parseDuration(String text) {
        return parseDuration("--timeout", text);
    }

    /**
     * As {@link #parseDuration(String)}, given to {@code option}, which the error names. Every such option is a wait
     * or a limit, so zero or less is refused here: a 0s case timeout would call every client "never connected".
     */
    static Duration parseDuration(String option, String text) {
        Duration d = parseAnyDuration(option, text);
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(option + " must be above 0, got '" + text + "'");
        }
        return d;
    }

    /**
     * As {@link #parseDuration(String, String)} with zero and less let through, for an option whose caller checks its own
     * bounds. A bare number is seconds, as every other duration option takes it ({@code SettingText.duration}); at most
     * {@link SettingText#LONGEST_DURATION}.
     */
    static Duration parseAnyDuration(String option, String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        Duration d;
        try {
            if (t.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            } else if (t.endsWith("s") || t.matches("[+-]?\\d+(\\.\\d+)?")) {
                String seconds = t.endsWith("s") ? t.substring(0, t.length() - 1) : t;
                d = Duration.ofMillis(Math.round(Double.parseDouble(seconds) * 1000));
            } else if (t.endsWith("m")) {
                d = Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
            } else {
                d = Duration.parse(text.trim().toUpperCase(java.util.Locale.ROOT));
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(option + " must be a duration such as 1s, 500ms or 2m, got '" + text + "'");
        }
        if (d.compareTo(SettingText.LONGEST_DURATION) > 0) {
            throw new IllegalArgumentException(option + " must be at most " + SettingText.show(SettingText.LONGEST_DURATION)
                    + " (a year), got '" + text + "'");
        }
        return d;
    }
}
