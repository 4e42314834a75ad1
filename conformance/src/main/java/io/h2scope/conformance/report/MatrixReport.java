package io.h2scope.conformance.report;

import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.verdict.Outcome;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The cross-server report of {@code h2scope matrix}: a section x server table of verdict counts, and a case x
 * server table of every verdict that is not PASS with its reason (a case that passes everywhere is left out), each
 * server named with the version it told where it ran (and a note where its expected-failures.txt was written for
 * another). As Markdown (docs/MATRIX.md), as one HTML file whose cells link to each run's own report, and as JSON
 * (schema {@value #SCHEMA}).
 */
public final class MatrixReport {

    public static final String SCHEMA = "h2scope-matrix/1";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** A reason longer than this is cut in the Markdown (the HTML report and JSON keep it whole). */
    private static final int REASON_SHOWN = 200;

    private final List<MatrixColumn> columns;
    private final String header;
    private final String role;

    /** @param header one line that says when, with which h2scope and options the matrix ran */
    public MatrixReport(List<MatrixColumn> columns, String header) {
        this(columns, header, "server");
    }

    /**
     * @param role what the columns are, {@code server} or {@code client}: the word the tables' heads and the JSON's
     *             column name use
     */
    public MatrixReport(List<MatrixColumn> columns, String header, String role) {
        this.columns = List.copyOf(columns);
        this.header = header;
        this.role = role;
    }

    /** {@code Conformance matrix}, {@code Client conformance matrix}. */
    private String title() {
        return role.equals("server") ? "Conformance matrix" : Character.toUpperCase(role.charAt(0)) + role.substring(1)
                + " conformance matrix";
    }

    /** Writes matrix.md, matrix.html and matrix.json into {@code dir}. */
    public void writeAll(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("matrix.md"), markdown(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("matrix.html"), html(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("matrix.json"), json(), StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- the two tables, once

    /** Section id -> column -> counts, in the order the sections ran. */
    private Map<String, List<Map<Outcome, Integer>>> sectionCounts() {
        Map<String, List<Map<Outcome, Integer>>> rows = new LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            JudgedRun run = columns.get(c).run();
            if (run == null) {
                continue;
            }
            for (JudgedCase r : run.results()) {
                List<Map<Outcome, Integer>> row = rows.computeIfAbsent(r.facts().sectionId(), k -> emptyRow());
                row.get(c).merge(r.verdict().outcome(), 1, Integer::sum);
            }
        }
        return rows;
    }

    private List<Map<Outcome, Integer>> emptyRow() {
        List<Map<Outcome, Integer>> row = new ArrayList<>();
        columns.forEach(c -> row.add(new LinkedHashMap<>()));
        return row;
    }

    /** Case id -> column -> its result (null: not run there), for the cases not PASS in some column. */
    private Map<String, List<JudgedCase>> notPassing() {
        Map<String, List<JudgedCase>> all = new LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            JudgedRun run = columns.get(c).run();
            if (run == null) {
                continue;
            }
            for (JudgedCase r : run.results()) {
                if (r.iteration() > 1) {
                    continue; // --repeat: the first iteration stands for the case here; the run's report has them all
                }
                List<JudgedCase> row = all.computeIfAbsent(r.facts().id(), k -> {
                    List<JudgedCase> empty = new ArrayList<>();
                    columns.forEach(x -> empty.add(null));
                    return empty;
                });
                row.set(c, r);
            }
        }
        all.values().removeIf(row -> row.stream().allMatch(r -> r == null || r.verdict().outcome() == Outcome.PASS));
        return all;
    }

    /** {@code 41 P, 2 F} style: every outcome present, in the reader's order (failures first). */
    private static String cell(Map<Outcome, Integer> counts) {
        if (counts.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Outcome o : HtmlReport.ORDER) {
            Integer n = counts.get(o);
            if (n != null && n > 0) {
                parts.add(n + " " + o.symbol());
            }
        }
        return String.join(" ", parts);
    }

    /** One line per server and way whose expected-failures.txt was written for another version than the one tested. */
    private List<String> notes() {
        Set<String> out = new LinkedHashSet<>();
        for (MatrixColumn c : columns) {
            if (c.version() != null) {
                c.version().expectedFailuresNote().ifPresent(note -> out.add(c.server() + " (" + c.via() + "): " + note));
            }
        }
        return List.copyOf(out);
    }

    // ---------------------------------------------------------------- Markdown

    public String markdown() {
        StringBuilder md = new StringBuilder("# ").append(title()).append("\n\n").append(header).append("\n\n");
        md.append("Symbols: ");
        for (Outcome o : HtmlReport.ORDER) {
            md.append('`').append(o.symbol()).append("` ").append(o.label()).append(o == Outcome.PASS ? "\n\n" : ", ");
        }
        md.append("## Runs\n\n| ").append(role).append(" | mode | via | version | status | verdicts | time |\n|---|---|---|---|---|---|---|\n");
        for (MatrixColumn c : columns) {
            md.append("| ").append(c.server()).append(" | ").append(c.mode()).append(" | ").append(c.via()).append(" | ")
                    .append(c.versionText().replace("|", "\\|")).append(" | ")
                    .append(c.status().replace("|", "\\|")).append(" | ")
                    .append(c.run() == null ? "" : cell(c.run().counts())).append(" | ")
                    .append(c.run() == null ? "" : String.format("%.1f s", c.run().elapsed().toMillis() / 1000.0))
                    .append(" |\n");
        }
        List<String> notes = notes();
        if (!notes.isEmpty()) {
            md.append('\n');
            notes.forEach(note -> md.append("- ").append(note).append('\n'));
        }
        md.append("\n## Sections\n\n| section |");
        columns.forEach(c -> md.append(' ').append(c.server()).append(' ').append(c.mode()).append(" |"));
        md.append("\n|---|").append("---|".repeat(columns.size())).append('\n');
        sectionCounts().forEach((section, row) -> {
            md.append("| ").append(section).append(" |");
            row.forEach(counts -> md.append(' ').append(cell(counts)).append(" |"));
            md.append('\n');
        });
        Map<String, List<JudgedCase>> notPassing = notPassing();
        md.append("\n## Cases that are not PASS everywhere\n\n| case |");
        columns.forEach(c -> md.append(' ').append(c.server()).append(' ').append(c.mode()).append(" |"));
        md.append("\n|---|").append("---|".repeat(columns.size())).append('\n');
        notPassing.forEach((id, row) -> {
            md.append("| `").append(id).append("` |");
            for (JudgedCase r : row) {
                md.append(' ').append(r == null ? "" : r.verdict().outcome().symbol()).append(" |");
            }
            md.append('\n');
        });
        md.append("\n## What each ").append(role).append(" did\n\nThe verdicts of the table above that are not PASS, with the reason.\n");
        notPassing.forEach((id, row) -> {
            md.append("\n`").append(id).append("`\n");
            for (int c = 0; c < row.size(); c++) {
                JudgedCase r = row.get(c);
                if (r != null && r.verdict().outcome() != Outcome.PASS) {
                    md.append("- ").append(columns.get(c).server()).append(' ').append(columns.get(c).mode()).append(": ")
                            .append(r.verdict().outcome().symbol()).append(' ').append(reason(r)).append('\n');
                }
            }
        });
        return md.toString();
    }

    private static String reason(JudgedCase r) {
        String reason = r.verdict().actual().replace('\n', ' ');
        return reason.length() > REASON_SHOWN ? reason.substring(0, REASON_SHOWN) + "..." : reason;
    }

    // ---------------------------------------------------------------- HTML

    public String html() {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>h2scope ")
                .append(Xml.text(title().toLowerCase(Locale.ROOT))).append("</title><style>")
                .append("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
                        + "td,th{border:1px solid #ccc;padding:.2em .5em;font-size:90%;vertical-align:top}th{background:#f4f4f4}"
                        + ".PASS{background:#e6f4e6}.PASS_LENIENT{background:#fff3d6}.FAIL{background:#fbdada}"
                        + ".SKIP{background:#e0f0f0}.INCONCLUSIVE{background:#efe0ef}.norun{background:#ddd}a{color:inherit}")
                .append("</style></head><body>\n<h1>").append(Xml.text(title())).append("</h1>\n<p>").append(Xml.text(header)).append("</p>\n");
        List<String> notes = notes();
        if (!notes.isEmpty()) {
            h.append("<ul>\n");
            notes.forEach(note -> h.append("<li>").append(Xml.text(note)).append("</li>\n"));
            h.append("</ul>\n");
        }
        h.append("<h2>Sections</h2>\n<table><tr><th>section</th>");
        columns.forEach(c -> h.append("<th>").append(columnHead(c)).append("</th>"));
        h.append("</tr>\n");
        sectionCounts().forEach((section, row) -> {
            h.append("<tr><td>").append(Xml.text(section)).append("</td>");
            row.forEach(counts -> h.append("<td class=\"").append(worst(counts)).append("\">").append(Xml.text(cell(counts)))
                    .append("</td>"));
            h.append("</tr>\n");
        });
        h.append("</table>\n<h2>Cases that are not PASS everywhere</h2>\n<table><tr><th>case</th>");
        columns.forEach(c -> h.append("<th>").append(columnHead(c)).append("</th>"));
        h.append("</tr>\n");
        notPassing().forEach((id, row) -> {
            h.append("<tr><td><code>").append(Xml.text(id)).append("</code></td>");
            for (int c = 0; c < row.size(); c++) {
                JudgedCase r = row.get(c);
                if (r == null) {
                    h.append("<td class=\"norun\"></td>");
                    continue;
                }
                Outcome o = r.verdict().outcome();
                String text = o == Outcome.PASS ? o.symbol() : o.symbol() + " " + r.verdict().actual();
                String link = columns.get(c).reportLink();
                h.append("<td class=\"").append(o.name()).append("\">");
                if (link != null) {
                    h.append("<a href=\"").append(Xml.attr(link + "#" + HtmlReport.anchor(id))).append("\">")
                            .append(Xml.text(text)).append("</a>");
                } else {
                    h.append(Xml.text(text));
                }
                h.append("</td>");
            }
            h.append("</tr>\n");
        });
        return h.append("</table>\n</body></html>\n").toString();
    }

    private static String columnHead(MatrixColumn c) {
        String version = c.versionText().isEmpty() ? "" : c.versionText() + ", ";
        String title = Xml.text(c.server() + " " + c.mode()) + "<br><small>" + Xml.text(c.via() + ", " + version + c.status()) + "</small>";
        return c.reportLink() == null ? title : "<a href=\"" + Xml.attr(c.reportLink()) + "\">" + title + "</a>";
    }

    /** The cell's colour: its worst outcome. */
    private static String worst(Map<Outcome, Integer> counts) {
        for (Outcome o : HtmlReport.ORDER) {
            if (counts.getOrDefault(o, 0) > 0) {
                return o.name();
            }
        }
        return "norun";
    }

    // ---------------------------------------------------------------- JSON

    public String json() throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("header", header);
        ArrayNode cols = root.putArray("columns");
        for (MatrixColumn c : columns) {
            ObjectNode col = cols.addObject();
            col.put(role, c.server());
            col.put("mode", c.mode());
            col.put("via", c.via());
            col.put("status", c.run() == null ? "NOT_RUN" : c.run().status().name());
            c.notJudged().ifPresent(why -> col.put("problem", why));
            if (c.reportLink() != null) {
                col.put("report", c.reportLink());
            }
            if (c.version() != null) {
                JsonReport.server(col.putObject("serverVersion"), c.version());
            }
            if (c.run() != null) {
                col.put("elapsedMs", c.run().elapsed().toMillis());
                ObjectNode counts = col.putObject("counts");
                c.run().counts().forEach((o, n) -> counts.put(o.name(), n));
                ObjectNode verdicts = col.putObject("verdicts");
                for (JudgedCase r : c.run().results()) {
                    if (r.iteration() == 1) {
                        ObjectNode v = verdicts.putObject(r.facts().id());
                        v.put("outcome", r.verdict().outcome().name());
                        if (r.verdict().outcome() != Outcome.PASS) {
                            v.put("actual", r.verdict().actual());
                        }
                    }
                }
            }
        }
        return MAPPER.writeValueAsString(root);
    }
}
