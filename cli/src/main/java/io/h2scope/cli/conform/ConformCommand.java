package io.h2scope.cli.conform;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.report.HtmlReport;
import io.h2scope.conformance.report.JUnitXmlReport;
import io.h2scope.conformance.report.JsonReport;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.Selection;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.target.ReferenceServerTarget;
import io.h2scope.conformance.target.Target;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code h2scope conform}: runs the conformance suite against a server and reports per case. */
@Command(name = "conform", mixinStandardHelpOptions = true,
        description = {"Tests an HTTP/2 server against RFC 9113 / 7540 / 7541, case by case, with the frames that prove each verdict.",
                "Exit status: 0 all MUST cases pass, 1 a case failed, 2 usage error."})
public final class ConformCommand implements Callable<Integer> {

    /** Exit status when any blocking case fails. */
    static final int EXIT_FAILED = 1;

    @Parameters(index = "0", arity = "0..1", paramLabel = "URL",
            description = "http://host:port/path (h2c, prior knowledge) or https://host:port/path (TLS, ALPN h2)")
    String url;

    @Option(names = "--section", paramLabel = "N", split = ",", description = "only cases of these RFC 7540 sections (and subsections), e.g. 6.5")
    List<String> sections = new ArrayList<>();

    @Option(names = "--case", paramLabel = "PREFIX", split = ",", description = "only cases whose id starts with this, e.g. http2/6.7")
    List<String> casePrefixes = new ArrayList<>();

    @Option(names = "--strict", description = "demand exact behaviour (a close without GOAWAY fails) and run SHOULD-level cases")
    boolean strict;

    @Option(names = "--insecure", description = "over TLS, accept any certificate")
    boolean insecure;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "1s", description = "per-case wait, e.g. 1s, 500ms (default ${DEFAULT-VALUE})")
    String timeout;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4", description = "cases run at once (default ${DEFAULT-VALUE})")
    int parallel;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "run each case N times")
    int repeat;

    @Option(names = "--report", paramLabel = "KIND=PATH", split = ",", description = "also write junit=PATH, json=PATH, html=PATH")
    Map<String, Path> reports = new LinkedHashMap<>();

    @Option(names = "--list", description = "list the selected cases without running them")
    boolean list;

    @Option(names = "--tls", description = "with no URL: run the embedded server over TLS (self-signed certificate) instead of h2c")
    boolean embeddedTls;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String kind : reports.keySet()) {
            if (!List.of("junit", "json", "html").contains(kind)) {
                throw new IllegalArgumentException("--report kind must be junit, json or html, got '" + kind
                        + "' (e.g. --report json=results.json)");
            }
        }
        Selection selection = new Selection(casePrefixes, sections);
        if (url != null && embeddedTls) {
            err.println("h2scope conform: --tls selects TLS for the embedded server; with a URL, use https:// instead");
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        PeerOptions peer = PeerOptions.defaults().withTimeout(parseDuration(timeout)).withStrict(strict)
                .withInsecure(insecure || url == null); // the embedded server's certificate is self-signed
        if (list) {
            Target target = url == null ? new Target("list", "127.0.0.1", 1, false, "/") : Target.parse(url);
            new SuiteRunner(new RunConfig(target, peer, parallel, selection, repeat)).plan(Suites.all())
                    .forEach(p -> out.printf("%-60s %-14s %s %s%n", p.definition().id(),
                    p.definition().h2spec().orElse("-"), p.definition().level(), p.definition().description()));
            out.flush();
            return CommandLine.ExitCode.OK;
        }
        if (url != null) {
            return runAndReport(new RunConfig(Target.parse(url), peer, parallel, selection, repeat), out);
        }
        try (ReferenceServerTarget embedded = ReferenceServerTarget.of(embeddedTls)) {
            Target target = embedded.start();
            out.println("No URL given: testing the embedded server, " + target.name());
            return runAndReport(new RunConfig(target, peer, parallel, selection, repeat), out);
        }
    }

    private int runAndReport(RunConfig config, PrintWriter out) throws IOException {
        out.flush();
        RunResult run = new SuiteRunner(config).run(Suites.all(), ConsoleReporter.forStdout());
        writeReports(run);
        return run.passed() ? CommandLine.ExitCode.OK : EXIT_FAILED;
    }

    private void writeReports(RunResult run) throws IOException {
        for (Map.Entry<String, Path> report : reports.entrySet()) {
            switch (report.getKey()) {
                case "junit" -> JUnitXmlReport.write(run, report.getValue());
                case "json" -> JsonReport.write(run, report.getValue());
                default -> HtmlReport.write(run, report.getValue());
            }
        }
    }

    /** {@code 1s}, {@code 500ms}, {@code 2m}, or an ISO-8601 duration ({@code PT1.5S}). */
    static Duration parseDuration(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            } else if (t.endsWith("s")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            } else if (t.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
            }
            return Duration.parse(text.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--timeout must be a duration such as 1s, 500ms or 2m, got '" + text + "'");
        }
    }
}
