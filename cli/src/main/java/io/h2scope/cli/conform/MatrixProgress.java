package io.h2scope.cli.conform;

import io.h2scope.conformance.report.MatrixColumn;
import io.h2scope.conformance.verdict.Outcome;

import java.io.PrintWriter;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code h2scope matrix}'s console line per finished column, servers and clients alike, e.g.
 * {@code [3/20] nginx 1.22.1 tls (local): FAILED 187 ✔ 2 ✘ (3.4 s)}; columns finish in any order under --jobs.
 */
final class MatrixProgress {

    private final PrintWriter console;
    private final int total;
    private int finished;

    MatrixProgress(PrintWriter console, int total) {
        this.console = console;
        this.total = total;
    }

    synchronized void done(MatrixColumn c) {
        finished++;
        String detail;
        if (c.notJudged().isPresent()) {
            detail = c.status();
        } else {
            Map<Outcome, Integer> counts = c.run().counts();
            detail = c.run().status() + " " + counts.entrySet().stream().filter(e -> e.getValue() > 0)
                    .map(e -> e.getValue() + " " + e.getKey().label()).collect(Collectors.joining(", "))
                    + String.format(" (%.1f s)", c.run().elapsed().toMillis() / 1000.0);
        }
        console.println("[" + finished + "/" + total + "] " + c.title() + ": " + detail);
        console.flush();
    }
}
