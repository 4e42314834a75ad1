package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.Agreement;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.JudgedListener;
import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.verdict.Outcome;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console report. While cases run, one line per verdict as it is decided, in the order cases
 * finish (they run in parallel), with progress and elapsed time, on a terminal and in a CI log
 * alike: {@code [ 12/192   3.4s] ✘ http2/6.7/length-not-8 FAIL (RFC 9113 §6.7): GOAWAY with PROTOCOL_ERROR}.
 * At the end, the results in suite order grouped by section with ✔ / ✘ / ~ symbols, the details of
 * everything that is not a plain PASS (each FAIL with the RFC 9113 rule it broke), and the counts.
 * Colour only when {@code colour} is set (a terminal).
 */
public final class ConsoleReporter implements RunListener, JudgedListener {

    private static final String RESET = "\u001b[0m";
    /** A live line stays one line: longer reasons are cut here (the final report has them whole). */
    private static final int REASON_WIDTH = 120;

    private final PrintWriter out;
    private final boolean colour;
    private final boolean showEvidence;
    private int total;
    private int done;
    private long startNanos;

    public ConsoleReporter(PrintStream out, boolean colour, boolean showEvidence) {
        this(new PrintWriter(out, true), colour, showEvidence);
    }

    public ConsoleReporter(PrintWriter out, boolean colour, boolean showEvidence) {
        this.out = out;
        this.colour = colour;
        this.showEvidence = showEvidence;
    }

    /** A reporter for {@code System.out}, coloured when a console is attached. */
    public static ConsoleReporter forStdout() {
        return new ConsoleReporter(System.out, System.console() != null, true);
    }

    /** A reporter for a command's own output (picocli's), coloured when a console is attached. */
    public static ConsoleReporter forCommand(PrintWriter commandOut) {
        return new ConsoleReporter(commandOut, System.console() != null, true);
    }

    @Override
    public void starting(int caseCount) {
        started(caseCount);
    }

    @Override
    public void started(int caseCount) {
        total = caseCount;
        done = 0;
        startNanos = System.nanoTime();
        out.println("Running " + caseCount + " cases...");
        out.flush();
    }

    @Override
    public void caseFinished(CaseResult result) {
        judged(result);
    }

    @Override
    public void judged(JudgedCase result) {
        done++;
        int width = String.valueOf(total).length();
        String progress = String.format(Locale.ROOT, "[%" + width + "d/%d %5.1fs]", done, total,
                (System.nanoTime() - startNanos) / 1e9);
        out.println(progress + " " + verdictLine(result));
        out.flush();
    }

    /** A long case is still running: one line, so a case that waits out its budget does not look like a hung run. */
    @Override
    public void caseRunning(CaseDef definition, int iteration, Duration elapsed, Duration budget) {
        int width = String.valueOf(total).length();
        String progress = String.format(Locale.ROOT, "[%" + width + "s/%d %5.1fs]", "", total, (System.nanoTime() - startNanos) / 1e9);
        out.println(progress + " … " + definition.id() + (iteration > 1 ? " #" + iteration : "") + " still running: "
                + elapsed.toSeconds() + " s" + (budget == null ? "" : " of its " + seconds(budget) + " budget"));
        out.flush();
    }

    /** {@code (12.3 s of a 30 s budget)} for a case that declares a budget, else nothing. */
    private static String budgetNote(JudgedCase r) {
        return r.budget() == null || r.verdict().outcome() == Outcome.SKIP ? "" : String.format(Locale.ROOT, " (%.1f s of a %s budget)", r.elapsed().toMillis() / 1000.0,
                seconds(r.budget()));
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /** Symbol, case id, outcome; for FAIL the RFC 9113 section; for all but PASS the short reason. */
    private String verdictLine(JudgedCase r) {
        Outcome outcome = r.verdict().outcome();
        String repeat = r.iteration() > 1 ? " #" + r.iteration() : "";
        StringBuilder line = new StringBuilder(paint(outcome, outcome.symbol())).append(' ').append(r.facts().id())
                .append(repeat).append(' ').append(paint(outcome, outcome.label())).append(budgetNote(r));
        if (outcome == Outcome.FAIL) {
            line.append(" (").append(r.facts().rule()).append(')');
        }
        if (outcome != Outcome.PASS) {
            line.append(": ").append(shortReason(r.verdict().actual()));
        }
        return line.toString();
    }

    private static String shortReason(String reason) {
        String oneLine = reason.replaceAll("\\s+", " ").trim();
        return oneLine.length() <= REASON_WIDTH ? oneLine : oneLine.substring(0, REASON_WIDTH - 1) + "…";
    }

    @Override
    public void finished(RunResult run) {
        ended(run);
    }

    @Override
    public void ended(JudgedRun run) {
        boolean nothingJudged = run.results().stream().allMatch(r -> r.verdict().outcome() == Outcome.SKIP);
        if (nothingJudged && run.diagnosis().isPresent()) {
            out.println(run.diagnosis().get()); // nothing was judged: the one line that says why
            return;
        }
        out.println();
        out.println(run.subject().url() + (run.strict() ? " (strict)" : ""));
        String current = null;
        for (JudgedCase r : run.results()) {
            if (!r.facts().sectionId().equals(current)) {
                current = r.facts().sectionId();
                out.println();
                out.println(current + "  " + r.facts().sectionTitle());
            }
            printCase(r);
        }
        if (run instanceof RunResult server) {
            printAgreement(Agreement.of(server)); // only the server suite repeats
        }
        out.println();
        out.println(summary(run));
        out.flush();
    }

    /** With --repeat: which cases did not give the same verdict every run. */
    private void printAgreement(Agreement agreement) {
        if (!agreement.repeated()) {
            return;
        }
        List<Agreement.CaseAgreement> differ = agreement.disagreements();
        out.println();
        out.println("Repeat agreement: " + (agreement.cases().size() - differ.size()) + " of " + agreement.cases().size()
                + " cases gave the same verdict every run; " + agreement.flips().size() + " flipped between a pass and FAIL");
        for (Agreement.CaseAgreement c : differ) {
            out.println("  " + (c.flipped() ? paint(Outcome.FAIL, "flip") : "    ") + " " + c.caseId() + ": " + c.describe());
        }
    }

    private void printCase(JudgedCase r) {
        Outcome outcome = r.verdict().outcome();
        String repeat = r.iteration() > 1 ? " #" + r.iteration() : "";
        out.println("  " + paint(outcome, outcome.symbol()) + " " + r.facts().id() + repeat
                + (outcome == Outcome.PASS ? "" : "  " + paint(outcome, outcome.label())) + budgetNote(r));
        if (outcome == Outcome.PASS) {
            return;
        }
        out.println("      " + r.facts().description());
        if (!r.verdict().expected().isEmpty()) {
            out.println("      expected: " + r.verdict().expected());
        }
        out.println("      " + (outcome == Outcome.SKIP || outcome == Outcome.INCONCLUSIVE ? "reason" : "actual") + ": "
                + r.verdict().actual());
        if (outcome == Outcome.FAIL || outcome == Outcome.PASS_LENIENT) {
            out.println("      rule (" + r.facts().rule() + "): " + r.facts().quote());
        }
        if (showEvidence && (outcome == Outcome.FAIL || outcome == Outcome.INCONCLUSIVE) && !r.evidence().isEmpty()) {
            r.evidence().forEach(e -> out.println("        " + e.format()));
        }
    }

    /** E.g. {@code 120 cases in 3.2 s: 110 passed, 4 lenient, 3 failed, 2 skipped, 1 inconclusive}. */
    public static String summary(JudgedRun run) {
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
