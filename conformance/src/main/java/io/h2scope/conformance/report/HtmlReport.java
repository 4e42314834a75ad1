package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.verdict.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML file (inline CSS and script, no external asset): the run header (date,
 * h2scope version, target, the server's version, options), then the verdicts grouped by outcome, failures
 * first, with filters by outcome and by section; each case shows expected, actual and the RFC 9113 rule, its
 * evidence in {@code <details>}.
 */
public final class HtmlReport {

    /** The order a reader needs: what broke first, what passed last. */
    static final List<Outcome> ORDER = List.of(Outcome.FAIL, Outcome.PASS_LENIENT, Outcome.INCONCLUSIVE, Outcome.SKIP,
            Outcome.PASS);

    private static final String STYLE = "body{font-family:sans-serif;margin:2em}h2{margin-top:1.5em}"
            + "table.header td{padding:.1em 1em .1em 0}table.header td:first-child{color:#555}"
            + ".PASS{color:#080}.PASS_LENIENT{color:#a60}.FAIL{color:#c00}.SKIP{color:#088}.INCONCLUSIVE{color:#808}"
            + ".filters{margin:1em 0;padding:.5em;background:#f8f8f8}.filters label{margin-right:1em}"
            + ".case{margin:.4em 0}.meta{color:#555;font-size:90%;margin-left:1.5em}"
            + "pre{background:#f4f4f4;padding:.5em;overflow-x:auto}ul{list-style:none;padding-left:1em}code{font-size:95%}";

    /** Hides the cases whose outcome box is unticked or whose section is not the one chosen; hides emptied groups. */
    private static final String SCRIPT = "function h2filter(){"
            + "var shown={};document.querySelectorAll('.filters input[data-outcome]').forEach(function(b){shown[b.dataset.outcome]=b.checked;});"
            + "var section=document.getElementById('section').value;"
            + "document.querySelectorAll('li.case').forEach(function(li){"
            + "li.hidden=!(shown[li.dataset.outcome]&&(section===''||li.dataset.section===section));});"
            + "document.querySelectorAll('section.outcome').forEach(function(s){"
            + "s.hidden=s.querySelectorAll('li.case:not([hidden])').length===0;});}"
            + "document.querySelectorAll('.filters input,.filters select').forEach(function(e){e.addEventListener('change',h2filter);});";

    private HtmlReport() {
    }

    public static void write(RunHeader header, JudgedRun run, Path file) throws IOException {
        Files.writeString(file, render(header, run), StandardCharsets.UTF_8);
    }

    public static String render(RunHeader header, JudgedRun run) {
        String url = header.target().url();
        String title = header.title() + ": ";
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Xml.text(title))
                .append(Xml.text(url)).append("</title><style>").append(STYLE).append("</style></head><body>\n");
        html.append("<h1>").append(Xml.text(title)).append("<code>").append(Xml.text(url)).append("</code></h1>\n");
        headerTable(html, header);
        html.append("<p><b>").append(Xml.text(run.passed() ? "PASSED" : "FAILED")).append("</b>: ")
                .append(Xml.text(ConsoleReporter.summary(run))).append("</p>\n");
        filters(html, run);
        Map<Outcome, Integer> counts = run.counts();
        for (Outcome outcome : ORDER) {
            if (counts.get(outcome) == 0) {
                continue;
            }
            html.append("<section class=\"outcome\" id=\"").append(outcome.name()).append("\"><h2 class=\"")
                    .append(outcome.name()).append("\">").append(Xml.text(outcome.symbol() + " " + outcome.label() + " ("
                    + counts.get(outcome) + ")")).append("</h2>\n<ul>\n");
            run.results().stream().filter(r -> r.verdict().outcome() == outcome).forEach(r -> item(html, r));
            html.append("</ul></section>\n");
        }
        return html.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n").toString();
    }

    private static void headerTable(StringBuilder html, RunHeader header) {
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("date", header.startedAt().toString());
        rows.put("h2scope", header.version());
        rows.put(header.subjectLabel(), header.target().name() + " ("
                + header.target().url() + ", " + (header.target().tls() ? "TLS" : "h2c") + ")");
        header.serverVersion().ifPresent(v -> {
            rows.put("server", v.describeWithSource());
            v.expectedFailuresNote().ifPresent(note -> rows.put("note", note));
        });
        rows.put("options", header.options());
        html.append("<table class=\"header\">\n");
        rows.forEach((name, value) -> html.append("<tr><td>").append(Xml.text(name)).append("</td><td>")
                .append(Xml.text(value)).append("</td></tr>\n"));
        html.append("</table>\n");
    }

    private static void filters(StringBuilder html, JudgedRun run) {
        Map<Outcome, Integer> counts = run.counts();
        html.append("<form class=\"filters\">Show: ");
        for (Outcome outcome : ORDER) {
            html.append("<label class=\"").append(outcome.name()).append("\"><input type=\"checkbox\" checked data-outcome=\"")
                    .append(outcome.name()).append("\"> ").append(Xml.text(outcome.label() + " (" + counts.get(outcome) + ")"))
                    .append("</label>");
        }
        html.append(" Section: <select id=\"section\"><option value=\"\">all</option>");
        Map<String, String> sections = new LinkedHashMap<>(); // id to title
        run.results().forEach(r -> sections.putIfAbsent(r.facts().sectionId(), r.facts().sectionTitle()));
        sections.forEach((id, title) -> html.append("<option value=\"").append(Xml.attr(id)).append("\">")
                .append(Xml.text(id + " " + title)).append("</option>"));
        html.append("</select></form>\n");
    }

    /** The fragment that names a case in this report: {@code case-} and its id. */
    public static String anchor(String caseId) {
        return "case-" + caseId;
    }

    private static void item(StringBuilder html, JudgedCase r) {
        Outcome outcome = r.verdict().outcome();
        String repeat = r.iteration() > 1 ? " #" + r.iteration() : "";
        // the id lets a matrix cell link to this case's evidence (first iteration of a repeated case)
        String anchor = r.iteration() > 1 ? "" : " id=\"" + Xml.attr(anchor(r.facts().id())) + "\"";
        html.append("<li class=\"case\"").append(anchor).append(" data-outcome=\"").append(outcome.name()).append("\" data-section=\"")
                .append(Xml.attr(r.facts().sectionId())).append("\"><span class=\"").append(outcome.name()).append("\">")
                .append(Xml.text(outcome.symbol() + " " + outcome.label())).append("</span> <code>")
                .append(Xml.text(r.facts().id() + repeat)).append("</code> ")
                .append(Xml.text(r.facts().description()));
        html.append("<div class=\"meta\">");
        if (!r.verdict().expected().isEmpty()) {
            html.append("expected: ").append(Xml.text(r.verdict().expected())).append("<br>");
        }
        html.append(outcome == Outcome.SKIP || outcome == Outcome.INCONCLUSIVE ? "reason: " : "actual: ")
                .append(Xml.text(r.verdict().actual()));
        // the rule where the verdict is about it; a PASS or a SKIP keeps the page short
        if (outcome != Outcome.PASS && outcome != Outcome.SKIP) {
            html.append("<br><i>").append(Xml.text(r.facts().ruleInFull() + ": " + r.facts().quote())).append("</i>");
        }
        html.append("</div>");
        if (!r.evidence().isEmpty()) {
            html.append("<details><summary>evidence (").append(r.evidence().size()).append(" lines)</summary><pre>")
                    .append(Xml.text(r.evidenceText())).append("</pre></details>");
        }
        html.append("</li>\n");
    }
}
