package io.h2scope.cli.conform;

import io.h2scope.conformance.intermediary.ExpectedProxyRun;
import io.h2scope.conformance.intermediary.IntermediaryTarget;
import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.ProxyRunReport;
import io.h2scope.conformance.intermediary.ProxyStage;
import io.h2scope.conformance.intermediary.ProxySuiteRunner;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.intermediary.origin.OriginTls;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.report.ReportDestinations;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import io.h2scope.conformance.targets.launch.ContainerTarget;
import io.h2scope.engine.proxy.tls.UpstreamTls;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import javax.net.ssl.SSLContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code h2scope conform-proxy}: stands on both sides of an intermediary (the client in front, the origin behind) and
 * judges each request-side case by what the origin received, each response-side case by what the client in front
 * received.
 */
@Command(name = "conform-proxy", mixinStandardHelpOptions = true,
        description = {"Tests an HTTP/2 intermediary (reverse proxy, load balancer): sends each case's request to its front and "
                + "judges what reaches h2scope's origin behind it: refused, forwarded in an allowed form, forwarded as it came, "
                + "or desync proven; and, on the response side, has the origin answer what a client must not get and judges "
                + "what the client in front receives.",
                "Exit status: 0 all MUST cases pass, 1 a case failed, 2 usage error, 3 the origin saw nothing, the front was "
                        + "not reached, or the intermediary died during the run."})
public final class ConformProxyCommand implements Callable<Integer> {

    @Option(names = "--front", paramLabel = "URL", description = "the intermediary's front: http://host:port (h2c, prior "
            + "knowledge) or https://host:port (TLS, ALPN h2)")
    String front;

    @Option(names = "--insecure", description = "with an https front: accept any certificate, for any name")
    boolean insecure;

    @Option(names = "--ca", paramLabel = "FILE", description = "with an https front: trust the PEM certificates in FILE "
            + "instead of the JDK's CAs")
    String caFile;

    @Option(names = "--origin-port", paramLabel = "N", defaultValue = "0",
            description = "the 127.0.0.1 port h2scope's origin listens on; the intermediary must forward there "
                    + "(required with --front; with --target, a free port)")
    int originPort;

    @Option(names = "--origin", paramLabel = "KIND", description = "what the origin speaks: h1 (HTTP/1.1, default with --front), "
            + "h2c, or h2 (TLS with ALPN h2, its certificate for localhost from a CA made for the run, whose PEM file is "
            + "printed for the intermediary to trust); with --target, the target's own")
    String originKind;

    @Option(names = "--target", paramLabel = "local:NAME|docker:NAME", description = "start the intermediary with "
            + "docker-targets/NAME's config: local:NAME runs the Debian package (e.g. local:nginx-proxy), docker:NAME the "
            + "folder's image as a container in the host's network (a Docker engine on this host)")
    String targetName;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5s",
            description = "how long each case waits for the front's answer (default ${DEFAULT-VALUE})")
    String timeout;

    @Option(names = "--expected", paramLabel = "FILE", description = "hold the run against FILE (the format of "
            + "docker-targets/*/expected-failures.txt; ~ lines never count): exit 0 when the FAILs are exactly the listed "
            + "ones, else 1 with a line of the unexpected FAILs and PASSes; with --target, the target folder's file by "
            + "default")
    Path expectedFile;

    @CommandLine.Mixin
    IntermediaryLimitOptions limits = new IntermediaryLimitOptions();

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "" + ProxySuiteRunner.DEFAULT_PARALLEL,
            description = "cases run at once through the intermediary and the origin, 1 to "
                    + ProxySuiteRunner.MAX_PARALLEL + "; each tells its requests by its markers, and the cases that "
                    + "cannot share (GOAWAY, cuts, the slow client) run alone after them (default ${DEFAULT-VALUE})")
    int parallel;

    @CommandLine.Mixin
    CaseChoice cases = new CaseChoice();

    @Option(names = "--list", description = "list the selected cases without running them")
    boolean list;

    @CommandLine.Mixin
    ReportOption report = new ReportOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CaseSelection selection = cases.selection();
        Optional<String> selectsNone = CaseChoice.selectsNone(selection, ProxySuite.selectables(),
                ProxySuite.sections().stream().map(ProxySection::id).toList());
        if (selectsNone.isPresent()) {
            return usage(err, selectsNone.get());
        }
        if (list) {
            list(out, selection);
            return CommandLine.ExitCode.OK;
        }
        ReportDestinations destinations = report.destinations();
        Duration wait = ConformCommand.parseDuration(timeout);
        if (expectedFile != null && !Files.isRegularFile(expectedFile)) {
            return usage(err, "--expected " + expectedFile + ": no such file (give an " + ExpectedFailures.FILE_NAME
                    + " of the intermediary)");
        }
        Optional<ExpectedFailures> given;
        try {
            given = expectedFile == null ? Optional.empty() : Optional.of(ExpectedFailures.load(expectedFile));
        } catch (IOException e) {
            return usage(err, "--expected " + expectedFile + ": " + e.getMessage());
        }
        try {
            limits.check();
            ProxySuiteRunner.requireParallel(parallel);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        if ((front == null) == (targetName == null)) {
            return usage(err, "give --front URL (an intermediary already running) or --target local:NAME or docker:NAME, "
                    + "one of them");
        }
        if (targetName != null) {
            IntermediaryTarget.Choice choice;
            try {
                choice = IntermediaryTarget.choose(targetName);
            } catch (IllegalArgumentException e) {
                return usage(err, e.getMessage());
            }
            String name = choice.name();
            Properties spec = IntermediaryTarget.spec(name);
            String unavailable = IntermediaryTarget.unavailableReason(spec, choice.via(), ContainerTarget::dockerAvailable);
            if (unavailable != null) {
                return usage(err, unavailable); // as conform --target says it of a server: exit 2
            }
            OriginKind kind = IntermediaryTarget.origin(spec);
            // the folder's file lists the FAILs of a run without --strict: by default it is held only against such a run
            Optional<ExpectedFailures> expected = given.isPresent() || cases.strict ? given
                    : Optional.of(IntermediaryTarget.expectedFailures(spec));
            try (Origin origin = Origin.start(kind, originPort);
                    IntermediaryTarget proxy = IntermediaryTarget.start(choice, origin)) {
                out.println("Testing " + proxy.description() + ", forwarding to the " + kind.name().toLowerCase(Locale.ROOT)
                        + " origin on 127.0.0.1:" + origin.port());
                Target target = new Target(name, "127.0.0.1", proxy.front().getPort(), proxy.frontTls() != null, "/");
                return run(origin, limits.front(proxy.front(), proxy.frontTls(), wait), target,
                        selection, destinations, out, err, Optional.of(proxy), expected);
            }
        }
        Target target;
        try {
            target = Target.parse(front);
        } catch (IllegalArgumentException e) {
            return usage(err, "--front must be http://host:port (h2c) or https://host:port (TLS), got '" + front + "'");
        }
        SSLContext tls = null;
        if (target.tls()) {
            try {
                tls = UpstreamTls.of(caFile, insecure).context(null);
            } catch (IllegalArgumentException | GeneralSecurityException e) {
                return usage(err, "--ca/--insecure: " + e.getMessage());
            }
        } else if (insecure || caFile != null) {
            return usage(err, "--insecure and --ca are for an https front; " + front + " is h2c");
        }
        if (originPort < 0 || originPort > 65_535) { // said it was required, as if not given
            return usage(err, "--origin-port must be 1 to 65535 (the port on 127.0.0.1 the intermediary forwards to), "
                    + "got " + originPort);
        }
        if (originPort == 0) {
            return usage(err, "--origin-port N is required with --front: the port (1-65535) on 127.0.0.1 the intermediary "
                    + "forwards to");
        }
        OriginKind kind;
        try {
            kind = originKind == null ? OriginKind.H1 : OriginKind.valueOf(originKind.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return usage(err, "--origin takes h1, h2c or h2, got '" + originKind + "'");
        }
        Origin started;
        try {
            started = Origin.start(kind, originPort);
        } catch (IOException e) {
            if (e.getCause() instanceof BindException) {
                return usage(err, e.getMessage()); // the port the user gave is taken: refused before the run
            }
            throw e;
        }
        try (Origin origin = started) {
            origin.caFile().ifPresent(ca -> out.println("The TLS origin's certificate (for " + OriginTls.HOST
                    + ") is issued by the CA in " + ca + ": the intermediary must trust it"));
            return run(origin, limits.front(new InetSocketAddress(target.host(), target.port()), tls, wait), target,
                    selection, destinations, out, err, Optional.empty(), given);
        }
    }

    private int run(Origin origin, FrontClient frontClient, Target target, CaseSelection selection,
            ReportDestinations destinations, PrintWriter out, PrintWriter err, Optional<IntermediaryTarget> proxy,
            Optional<ExpectedFailures> expected) throws InterruptedException {
        boolean strict = cases.strict;
        Duration wait = frontClient.timeout();
        ProxyStage stage = limits.stage(origin, frontClient, proxy.flatMap(IntermediaryTarget::process));
        ProxySuiteRunner runner = new ProxySuiteRunner(stage, strict, selection, parallel);
        Optional<String> unreachable = runner.unreachable();
        if (unreachable.isPresent()) {
            err.println("h2scope conform-proxy: " + unreachable.get() + proxy.map(p -> "\n" + p.log()).orElse(""));
            err.flush();
            return RunExit.NOT_JUDGED;
        }
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        ConsoleReporter console = ConsoleReporter.forCommand(out);
        console.started(runner.plan(ProxySuite.sections()).size());
        List<ProxySuiteRunner.Result> judged = runner.run(ProxySuite.sections(),
                r -> console.caseFinished(ProxyRunReport.caseResult(r)));
        // in suite order, however many ran at once
        List<CaseResult> results = judged.stream().map(ProxyRunReport::caseResult).toList();
        RunResult run = ProxyRunReport.of(target, strict, started, Duration.ofNanos(System.nanoTime() - t0), results);
        console.finished(run);
        out.flush();
        if (proxy.isPresent() && !proxy.get().isAlive()) {
            err.println("h2scope conform-proxy: the intermediary died during the run; its log:\n" + proxy.get().log());
            err.flush();
            return RunExit.NOT_JUDGED;
        }
        RunHeader header = new RunHeader(started, H2scopeVersion.get(), target, strict, wait, 1, 1)
                .withServer(proxy.map(IntermediaryTarget::version));
        int status = RunExit.reportAndExit(destinations, header, run, "conform-proxy", err);
        if (expected.isEmpty() || status == RunExit.NOT_JUDGED) {
            return status;
        }
        ExpectedProxyRun held = ExpectedProxyRun.check(runner, target, judged, expected.get());
        out.println("Expected failures: " + held.summary());
        out.flush();
        if (!held.asExpected()) {
            return RunExit.FAILED;
        }
        // the listed FAILs are no failure; a report that could not be written still is
        return status == RunExit.status(run) ? CommandLine.ExitCode.OK : status;
    }

    private static void list(PrintWriter out, CaseSelection selection) {
        String section = null;
        for (ProxySuiteRunner.Planned p : ProxySuiteRunner.plan(ProxySuite.sections(), selection)) {
            if (!p.section().id().equals(section)) {
                section = p.section().id();
                out.println(section + "  " + p.section().title());
            }
            ProxyCase c = p.definition();
            out.printf("  %-52s %-5s %s%n", c.id(), c.level(), c.description());
        }
        out.flush();
    }

    private static int usage(PrintWriter err, String message) {
        err.println("h2scope conform-proxy: " + message);
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }
}
