package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Outcome;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * The console report: live progress while cases finish (one short line each, on a terminal), then
 * the results grouped by section with ✔ / ✘ / ~ symbols, the details of everything that is not a
 * plain PASS, and the counts. Colour only when {@code colour} is set (a terminal).
 */
public final class ConsoleReporter implements RunListener {

    private static final String RESET = "\u001b[0m";

    private final PrintStream out;
    private final boolean colour;
    private final boolean showEvidence;
    private int total;
    private int done;

    public ConsoleReporter(PrintStream out, boolean colour, boolean showEvidence) {
        this.out = out;
        this.colour = colour;
        this.showEvidence = showEvidence;
    }

    /** A reporter for {@code System.out}, coloured when a console is attached. */
    public static ConsoleReporter forStdout() {
        return new ConsoleReporter(System.out, System.console() != null, true);
    }

    @Override
    public void started(int caseCount) {
        total = caseCount;
        out.println("Running " + caseCount + " cases...");
    }

    @Override
    public void caseFinished(CaseResult result) {
        done++;
        if (colour) {
            out.print("\r[" + done + "/" + total + "] " + result.definition().id() + "\u001b[K");
            out.flush();
        }
    }

    @Override
    public void finished(RunResult run) {
        if (colour) {
            out.print("\r\u001b[K");
        }
        out.println(run.target().url() + (run.strict() ? " (strict)" : ""));
        Section current = null;
        for (CaseResult r : run.results()) {
            if (r.section() != current) {
                current = r.section();
                out.println();
                out.println(current.id() + "  " + current.title());
            }
            printCase(r);
        }
        out.println();
        out.println(summary(run));
    }

    private void printCase(CaseResult r) {
        Outcome outcome = r.verdict().outcome();
        String repeat = r.iteration() > 1 ? " #" + r.iteration() : "";
        out.println("  " + paint(outcome, outcome.symbol()) + " " + r.definition().id() + repeat
                + (outcome == Outcome.PASS ? "" : "  " + paint(outcome, outcome.label())));
        if (outcome == Outcome.PASS) {
            return;
        }
        out.println("      " + r.definition().description());
        if (!r.verdict().expected().isEmpty()) {
            out.println("      expected: " + r.verdict().expected());
        }
        out.println("      " + (outcome == Outcome.SKIP || outcome == Outcome.INCONCLUSIVE ? "reason" : "actual") + ": "
                + r.verdict().actual());
        if (showEvidence && (outcome == Outcome.FAIL || outcome == Outcome.INCONCLUSIVE) && !r.evidence().isEmpty()) {
            r.evidence().forEach(e -> out.println("        " + e.format()));
        }
    }

    /** E.g. {@code 120 cases in 3.2 s: 110 passed, 4 lenient, 3 failed, 2 skipped, 1 inconclusive}. */
    public static String summary(RunResult run) {
        Map<Outcome, Integer> c = run.counts();
        String counts = String.format(Locale.ROOT, "%d cases in %.1f s: %d passed, %d lenient, %d failed, %d skipped, %d inconclusive",
                run.results().size(), run.elapsed().toMillis() / 1000.0, c.get(Outcome.PASS), c.get(Outcome.PASS_LENIENT),
                c.get(Outcome.FAIL), c.get(Outcome.SKIP), c.get(Outcome.INCONCLUSIVE));
        return run.diagnosis().map(d -> counts + "\nNOT JUDGED: " + d).orElse(counts);
    }

    private String paint(Outcome outcome, String text) {
        if (!colour) {
            return text;
        }
        String code = switch (outcome) {
            case PASS -> "\u001b[32m";
            case PASS_LENIENT -> "\u001b[33m";
            case FAIL -> "\u001b[31m";
            case SKIP -> "\u001b[36m";
            case INCONCLUSIVE -> "\u001b[35m";
        };
        return code + text + RESET;
    }
}
