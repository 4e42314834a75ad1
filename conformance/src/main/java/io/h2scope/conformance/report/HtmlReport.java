package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One self-contained HTML file: inline CSS, no script, no external asset; evidence in {@code <details>}. */
public final class HtmlReport {

    private static final String STYLE = "body{font-family:sans-serif;margin:2em}h2{margin-top:1.5em}"
            + ".PASS{color:#080}.PASS_LENIENT{color:#a60}.FAIL{color:#c00}.SKIP{color:#088}.INCONCLUSIVE{color:#808}"
            + "pre{background:#f4f4f4;padding:.5em;overflow-x:auto}li{margin:.2em 0}code{font-size:95%}";

    private HtmlReport() {
    }

    public static void write(RunResult run, Path file) throws IOException {
        Files.writeString(file, render(run), StandardCharsets.UTF_8);
    }

    public static String render(RunResult run) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>h2scope conformance: ")
                .append(Xml.text(run.target().url())).append("</title><style>").append(STYLE).append("</style></head><body>\n");
        html.append("<h1>h2scope conformance: <code>").append(Xml.text(run.target().url())).append("</code>")
                .append(run.strict() ? " (strict)" : "").append("</h1>\n<p>").append(Xml.text(ConsoleReporter.summary(run)))
                .append("</p>\n");
        Section current = null;
        for (CaseResult r : run.results()) {
            if (r.section() != current) {
                if (current != null) {
                    html.append("</ul>\n");
                }
                current = r.section();
                html.append("<h2>").append(Xml.text(current.id() + " " + current.title())).append("</h2>\n<ul>\n");
            }
            item(html, r);
        }
        if (current != null) {
            html.append("</ul>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    private static void item(StringBuilder html, CaseResult r) {
        Outcome outcome = r.verdict().outcome();
        html.append("<li><span class=\"").append(outcome.name()).append("\">").append(Xml.text(outcome.symbol() + " "
                + outcome.label())).append("</span> <code>").append(Xml.text(r.definition().id().value())).append("</code> ")
                .append(Xml.text(r.definition().description()));
        if (outcome != Outcome.PASS) {
            html.append("<details><summary>").append(Xml.text("expected: " + r.verdict().expected() + " — actual: "
                    + r.verdict().actual())).append("</summary><p><i>").append(Xml.text("RFC 7540 §" + r.definition().rfc7540()
                    + " / RFC 9113 §" + r.definition().rfc9113() + ": " + r.definition().quote())).append("</i></p><pre>")
                    .append(Xml.text(r.evidenceText())).append("</pre></details>");
        }
        html.append("</li>\n");
    }
}
