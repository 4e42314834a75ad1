package io.h2scope.cli.conform;

import io.h2scope.conformance.client.ClientRunResult;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.ClientsUnderTest;
import io.h2scope.conformance.client.drive.ExecClient;
import io.h2scope.conformance.report.HtmlReport;
import io.h2scope.conformance.report.JsonReport;
import io.h2scope.conformance.report.MatrixColumn;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.JudgedListener;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code h2scope matrix --clients}: the client suite over one named client, a column of the matrix with its run's
 * reports in {@code runs/}; a client this machine cannot run is a column saying what is missing, not an abort.
 */
final class ClientMatrix {

    private final Path out;
    private final Duration timeout;
    private final boolean strict;
    private final CaseSelection selection;

    /** @param out where {@code runs/NAME.html} and {@code runs/NAME.json} go */
    ClientMatrix(Path out, Duration timeout, boolean strict, CaseSelection selection) {
        this.out = out;
        this.timeout = timeout;
        this.strict = strict;
        this.selection = selection;
    }

    /**
     * The names asked for, in order, once each; {@code all} is every known client.
     *
     * @throws IllegalArgumentException naming the known clients when a name is none of them
     */
    static List<String> names(List<String> asked) {
        return MatrixNames.chosen(asked, ClientsUnderTest.names(), "client");
    }

    /** The column of the client called {@code name}. */
    MatrixColumn column(String name) throws InterruptedException {
        Optional<String> missing = ClientsUnderTest.missing(name);
        if (missing.isPresent()) {
            return new MatrixColumn(name, "command", "-", null, "not installed: " + missing.get(), null, null);
        }
        try (ClientUnderTest client = ClientsUnderTest.named(name);
                ClientSuiteRunner runner = new ClientSuiteRunner(client, timeout, Optional.empty(), strict, selection)) {
            String via = client instanceof ExecClient ? "command" : "in-process";
            String mode = ConformClientCommand.connectName(runner.defaultConnect());
            ClientRunResult run = runner.run(ClientSuite.sections(), new JudgedListener() { });
            RunHeader header = RunHeader.ofClientRun(run, timeout);
            try {
                HtmlReport.write(header, run, out.resolve("runs").resolve(name + ".html"));
                JsonReport.write(header, run, out.resolve("runs").resolve(name + ".json"));
            } catch (IOException e) {
                return new MatrixColumn(name, via, mode, null, "a report could not be written: " + e.getMessage(), null, null);
            }
            return new MatrixColumn(name, via, mode, run, null, "runs/" + name + ".html", null);
        }
    }
}
