package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * JUnit XML: one {@code <testsuite>} per section, one {@code <testcase>} per case (named by its
 * id); FAIL is a {@code <failure>} whose text is expected, actual and the frame exchange; SKIP and
 * INCONCLUSIVE are {@code <skipped>} with the reason; PASS-LENIENT passes with a note in system-out.
 */
public final class JUnitXmlReport {

    private JUnitXmlReport() {
    }

    public static void write(RunResult run, Path file) throws IOException {
        Files.writeString(file, render(run), StandardCharsets.UTF_8);
    }

    public static String render(RunResult run) {
        Map<Section, List<CaseResult>> bySection = new LinkedHashMap<>();
        run.results().forEach(r -> bySection.computeIfAbsent(r.section(), s -> new java.util.ArrayList<>()).add(r));
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuites name=\"h2scope conformance: ").append(Xml.attr(run.target().url())).append("\" tests=\"")
                .append(run.results().size()).append("\" failures=\"").append(run.counts().get(Outcome.FAIL))
                .append("\" time=\"").append(seconds(run.elapsed().toMillis())).append("\">\n");
        bySection.forEach((section, results) -> {
            long failures = results.stream().filter(r -> r.verdict().outcome() == Outcome.FAIL).count();
            long skipped = results.stream().filter(r -> r.verdict().outcome() == Outcome.SKIP
                    || r.verdict().outcome() == Outcome.INCONCLUSIVE).count();
            xml.append("  <testsuite name=\"").append(Xml.attr(section.id() + " " + section.title())).append("\" tests=\"")
                    .append(results.size()).append("\" failures=\"").append(failures).append("\" skipped=\"").append(skipped)
                    .append("\">\n");
            results.forEach(r -> testcase(xml, section, r));
            xml.append("  </testsuite>\n");
        });
        return xml.append("</testsuites>\n").toString();
    }

    private static void testcase(StringBuilder xml, Section section, CaseResult r) {
        String name = r.definition().id() + (r.iteration() > 1 ? " #" + r.iteration() : "");
        xml.append("    <testcase classname=\"").append(Xml.attr(section.id())).append("\" name=\"").append(Xml.attr(name))
                .append("\" time=\"").append(seconds(r.elapsed().toMillis())).append("\">\n");
        Outcome outcome = r.verdict().outcome();
        String details = "expected: " + r.verdict().expected() + "\nactual: " + r.verdict().actual()
                + "\nrule: " + r.definition().quote() + "\n\n" + r.evidenceText();
        switch (outcome) {
            case FAIL -> xml.append("      <failure message=\"").append(Xml.attr(r.verdict().actual())).append("\">")
                    .append(Xml.text(details)).append("</failure>\n");
            case SKIP, INCONCLUSIVE -> xml.append("      <skipped message=\"").append(Xml.attr(outcome.label() + ": "
                    + r.verdict().reason())).append("\"/>\n");
            case PASS_LENIENT -> xml.append("      <system-out>").append(Xml.text("PASS-LENIENT: " + details))
                    .append("</system-out>\n");
            case PASS -> {
            }
        }
        xml.append("    </testcase>\n");
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
    }
}
