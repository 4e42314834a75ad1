package io.h2scope.cli.conform;

import io.h2scope.conformance.client.ClientRunResult;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.client.drive.ServedClient;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.report.ReportDestinations;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseSelection;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * {@code conform-client --serve}: every case listens at once on a port of its own; the URLs are printed, and each
 * case is judged by the frames of the client that fetches its URL (a browser, an app), as it is fetched.
 */
final class ServedClientRun {

    private ServedClientRun() {
    }

    /** Serves the selected cases, reports on {@code out} (and a report that cannot be written on {@code err}); the exit status. */
    static int run(CaseSelection selection, boolean strict, Connect connect, Duration wait, ReportDestinations destinations,
            PrintWriter out, PrintWriter err) throws IOException, InterruptedException {
        Duration perCase = Duration.ofSeconds(5);
        try (ClientSuiteRunner runner = new ClientSuiteRunner(new ServedClient(connect, wait), perCase,
                java.util.Optional.of(connect), strict, selection)) {
            if (connect == Connect.TLS) {
                out.println("The URLs are served over TLS with a certificate from a CA made for this run: trust "
                        + runner.certificates().caFile() + " in the client (a browser: import it as an authority; the file is removed when the run ends).");
            }
            out.println("Fetch each URL once with the client under test; every case waits " + RunHeader.duration(wait)
                    + " to be fetched:");
            out.flush();
            ClientRunResult run = runner.serve(ClientSuite.sections(), ConsoleReporter.forCommand(out), (c, url) -> {
                out.println("  " + url + "   " + c.description());
                out.flush();
            });
            RunHeader header = RunHeader.ofClientRun(run, perCase);
            return RunExit.reportAndExit(destinations, header, run, "conform-client", err);
        }
    }
}
