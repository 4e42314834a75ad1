package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.verdict.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * JUnit XML: one {@code <testsuite>} per section (with the run header as {@code <properties>}),
 * one {@code <testcase>} per case, named by its id, its classname the section id; FAIL is a
 * {@code <failure>} whose text is expected, actual, the rule and the frame exchange; SKIP and
 * INCONCLUSIVE are {@code <skipped>} with the reason; every case carries its verdict and evidence in
 * {@code <system-out>}, a PASS too, so CI keeps what each verdict rests on.
 */
public final class JUnitXmlReport {

    private JUnitXmlReport() {
    }

    public static void write(RunHeader header, JudgedRun run, Path file) throws IOException {
        Files.writeString(file, render(header, run), StandardCharsets.UTF_8);
    }

    public static String render(RunHeader header, JudgedRun run) {
        Map<String, List<JudgedCase>> bySection = new LinkedHashMap<>(); // section id and title to its cases
        run.results().forEach(r -> bySection.computeIfAbsent(r.facts().sectionId() + " " + r.facts().sectionTitle(), s -> new ArrayList<>()).add(r));
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        boolean notJudged = run.diagnosis().isPresent();
        xml.append("<testsuites name=\"").append(Xml.attr(header.title())).append(": ").append(Xml.attr(header.target().url())).append("\" tests=\"")
                .append(run.results().size() + (notJudged ? 1 : 0)).append("\" failures=\"")
                .append(run.counts().get(Outcome.FAIL) + (notJudged ? 1 : 0))
                .append("\" time=\"").append(seconds(run.elapsed().toMillis())).append("\">\n");
        // a run that judged nothing must fail a CI report that counts failures, not show up as 0 of 0 failed
        run.diagnosis().ifPresent(d -> xml.append("  <testsuite name=\"h2scope run\" tests=\"1\" failures=\"1\" skipped=\"0\">\n")
                .append("    <testcase name=\"the run judged the target\" classname=\"h2scope\">\n      <failure message=\"")
                .append(Xml.attr(d)).append("\" type=\"").append(run.status().name()).append("\"/>\n    </testcase>\n  </testsuite>\n"));
        bySection.forEach((section, results) -> {
            long failures = results.stream().filter(r -> r.verdict().outcome() == Outcome.FAIL).count();
            long skipped = results.stream().filter(r -> r.verdict().outcome() == Outcome.SKIP
                    || r.verdict().outcome() == Outcome.INCONCLUSIVE).count();
            xml.append("  <testsuite name=\"").append(Xml.attr(section)).append("\" tests=\"")
                    .append(results.size()).append("\" failures=\"").append(failures).append("\" skipped=\"").append(skipped)
                    .append("\" timestamp=\"").append(header.startedAt()).append("\">\n");
            properties(xml, header);
            results.forEach(r -> testcase(xml, r));
            xml.append("  </testsuite>\n");
        });
        return xml.append("</testsuites>\n").toString();
    }

    private static void properties(StringBuilder xml, RunHeader header) {
        xml.append("    <properties>\n");
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("h2scope.version", header.version());
        properties.put(header.subjectLabel(), header.target().url());
        header.serverVersion().ifPresent(v -> {
            properties.put("server.version", v.describe());
            properties.put("server.version.asked", v.askedWith());
            v.expectedFailuresNote().ifPresent(note -> properties.put("expected-failures.note", note));
        });
        properties.put("strict", String.valueOf(header.strict()));
        properties.put("timeout", RunHeader.duration(header.timeout()));
        properties.put("parallel", String.valueOf(header.parallel()));
        properties.put("repeat", String.valueOf(header.repeat()));
        properties.forEach((name, value) -> xml.append("      <property name=\"").append(Xml.attr(name))
                .append("\" value=\"").append(Xml.attr(value)).append("\"/>\n"));
        xml.append("    </properties>\n");
    }

    private static void testcase(StringBuilder xml, JudgedCase r) {
        String name = r.facts().id() + (r.iteration() > 1 ? " #" + r.iteration() : "");
        xml.append("    <testcase classname=\"").append(Xml.attr(r.facts().sectionId())).append("\" name=\"").append(Xml.attr(name))
                .append("\" time=\"").append(seconds(r.elapsed().toMillis())).append("\">\n");
        Outcome outcome = r.verdict().outcome();
        String details = "expected: " + r.verdict().expected() + "\nactual: " + r.verdict().actual()
                + "\nrule (" + r.facts().rule() + "): " + r.facts().quote() + "\n\n" + r.evidenceText();
        switch (outcome) {
            case FAIL -> xml.append("      <failure message=\"").append(Xml.attr(r.verdict().actual())).append("\">")
                    .append(Xml.text(details)).append("</failure>\n");
            case SKIP, INCONCLUSIVE -> xml.append("      <skipped message=\"").append(Xml.attr(outcome.label() + ": "
                    + r.verdict().reason())).append("\"/>\n");
            case PASS, PASS_LENIENT -> {
            }
        }
        xml.append("      <system-out>").append(Xml.text(outcome.label() + "\n" + details)).append("</system-out>\n");
        xml.append("    </testcase>\n");
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
    }
}
