package io.h2scope.cli.conform;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientRunResult;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientsUnderTest;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.client.drive.ExecClient;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.report.ReportDestinations;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseSelection;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code h2scope conform-client}: runs the client suite against an HTTP/2 client and reports per case. */
@Command(name = "conform-client", mixinStandardHelpOptions = true,
        description = {"Tests an HTTP/2 client against RFC 9113 / 7541: a scripted server per case, the client told to fetch "
                + "from it (--exec, --client) or waited for (--serve), judged by the frames it sends and what it reports.",
                "Exit status: 0 all MUST cases pass, 1 a case failed, 2 usage error, 3 the client was not judged (it could "
                        + "not be started, never connected, or too many verdicts were INCONCLUSIVE)."})
public final class ConformClientCommand implements Callable<Integer> {

    @Option(names = "--exec", paramLabel = "CMD", description = "the client's command line, run by /bin/sh once per case, "
            + "with placeholders {url}, {urls}, {body}, {ca}, {host}, {port} (each filled shell-quoted)")
    String exec;

    @Option(names = "--client", paramLabel = "NAME", description = "a ready-made client: h2scope, jdk (in process), curl, "
            + "nghttp, h2load, node, python-httpx, go, chromium (see docs/CLIENTS.md)")
    String clientName;

    @Option(names = "--serve", description = "wait for any client (a browser, an app): print one URL per case and judge each "
            + "as it is fetched")
    boolean serve;

    @Option(names = "--serve-wait", paramLabel = "DURATION", defaultValue = "5m",
            description = "with --serve: how long the cases wait to be fetched (default ${DEFAULT-VALUE})")
    String serveWait;

    @Option(names = "--connect", paramLabel = "HOW", description = "how the client connects in cases that hold for any "
            + "connection: pk (h2c, prior knowledge), upgrade (h2c through HTTP/1.1 Upgrade) or tls (ALPN h2, the run's CA); "
            + "default: the first the client can do (with --serve: tls)")
    String connect;

    @CommandLine.Mixin
    CaseChoice cases = new CaseChoice();

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5s", description = "per-case wait for the client "
            + "to connect, send and finish; a command still running then is killed with its process tree "
            + "(default ${DEFAULT-VALUE})")
    String timeout;

    @CommandLine.Mixin
    ReportOption report = new ReportOption();

    @Option(names = "--list", description = "list the selected cases without running them")
    boolean list;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ReportDestinations destinations = report.destinations(); // before the run: a bad path must not cost a run
        CaseSelection selection = cases.selection();
        requireSelects(selection);
        Duration perCase = ConformCommand.parseDuration(timeout);
        Optional<Connect> how = parseConnect(connect);
        int given = (exec != null ? 1 : 0) + (clientName != null ? 1 : 0) + (serve ? 1 : 0);
        if (given > 1) {
            throw new IllegalArgumentException("give one of --exec, --client and --serve");
        }
        if (given == 0 && !list) {
            throw new IllegalArgumentException("say which client to test: --client NAME (" + String.join(", ", ClientsUnderTest.names())
                    + "), --exec 'CMD {url}', or --serve to wait for any client");
        }
        if (serve) {
            return ServedClientRun.run(selection, cases.strict, how.orElse(Connect.TLS),
                    ConformCommand.parseDuration("--serve-wait", serveWait), destinations, out, err);
        }
        ClientUnderTest client = exec != null ? ExecClient.command(exec)
                : clientName != null ? named(clientName) : null;
        try {
            if (list) {
                list(out, selection, client, how);
                return CommandLine.ExitCode.OK;
            }
            try (ClientSuiteRunner runner = new ClientSuiteRunner(client, perCase, how, cases.strict, selection)) {
                out.println("Testing client " + client.name() + ": " + client.describe()
                        + "; cases that hold for any connection: " + runner.defaultConnect());
                if (client.abilities().contains(Connect.TLS.ability()) && runner.plan(ClientSuite.sections()).stream()
                        .anyMatch(p -> runner.connectFor(p.definition()) == Connect.TLS)) {
                    out.println("TLS cases: the server's certificate is issued by a CA made for this run, "
                            + runner.certificates().caFile() + " ({ca}; removed when the run ends)");
                }
                out.flush();
                ClientRunResult run = runner.run(ClientSuite.sections(), ConsoleReporter.forCommand(out));
                RunHeader header = RunHeader.ofClientRun(run, perCase);
                return RunExit.reportAndExit(destinations, header, run, "conform-client", err);
            }
        } finally {
            if (client != null) {
                client.close();
            }
        }
    }

    private static void list(PrintWriter out, CaseSelection selection, ClientUnderTest client, Optional<Connect> how) {
        ClientSuiteRunner runner = client == null ? null : new ClientSuiteRunner(client, Duration.ofSeconds(1), how, true, selection);
        String section = null;
        for (ClientSection s : ClientSuite.sections()) {
            for (ClientCase c : s.cases()) {
                if (!selection.matches(s.id(), c.id(), c.rfcSection())) {
                    continue;
                }
                if (!s.id().equals(section)) {
                    section = s.id();
                    out.println(s.id() + "  " + s.title());
                }
                String connects = runner != null ? connectName(runner.connectFor(c))
                        : c.connect().map(ConformClientCommand::connectName).orElse("any");
                String needs = c.needs().isEmpty() ? "" : " [needs " + c.needs().stream().map(a -> a.name().toLowerCase(Locale.ROOT))
                        .collect(Collectors.joining(", ")) + "]";
                out.printf("  %-58s %-16s %-6s %-7s %s%s%n", c.id(), c.rfc(), c.level(), connects, c.description(), needs);
            }
        }
        out.flush();
    }

    /** {@code pk}, {@code upgrade} or {@code tls}: the word {@code --connect} takes. */
    static String connectName(Connect c) {
        return switch (c) {
            case PRIOR_KNOWLEDGE -> "pk";
            case UPGRADE -> "upgrade";
            case TLS -> "tls";
        };
    }

    static Optional<Connect> parseConnect(String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (Connect c : Connect.values()) {
            if (connectName(c).equals(text.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(c);
            }
        }
        throw new IllegalArgumentException("--connect must be pk, upgrade or tls, got '" + text + "'");
    }

    /** {@code --client NAME}'s client, or a usage error naming the known ones. */
    private static ClientUnderTest named(String name) {
        try {
            return ClientsUnderTest.named(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--client " + name + ": " + e.getMessage()
                    + " (or give a command line with --exec)");
        }
    }

    /**
     * @throws IllegalArgumentException (a one-line usage error) when a --section or --case selects no client case
     */
    static void requireSelects(CaseSelection selection) {
        CaseChoice.selectsNone(selection, ClientSuite.selectables(), ClientSuite.sections().stream().map(ClientSection::id)
                .toList()).ifPresent(error -> {
                    throw new IllegalArgumentException(error);
                });
    }
}
