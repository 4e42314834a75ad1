package io.h2scope.conformance.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.runner.Agreement;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.JudgedRun;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.ServerVersion;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The machine-readable report. Schema {@value #SCHEMA}: {@code {schema, h2scope (version),
 * target{name,url,tls,role (server or client)}, server{name, version or versionUnknown, askedWith, expectedFailuresNote} (when asked),
 * strict, options{strict, timeoutMs, parallel, repeat}, startedAt, elapsedMs,
 * counts{PASS,...}, passed, results[{id, section, rule, h2spec, rfc7540, rfc9113 (server cases), rfc (client cases), level, iteration,
 * outcome, expected, actual, quote, elapsedMs, budgetMs (only for a case with a budget), evidence[{nanos, direction, text}]}]}}. Every result
 * keeps its evidence, PASS too, so a PASS can be audited. Fields are only ever added within a
 * schema version.
 */
public final class JsonReport {

    public static final String SCHEMA = "h2scope-conformance/1";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    public static void write(RunHeader header, JudgedRun run, Path file) throws IOException {
        MAPPER.writeValue(file.toFile(), toTree(header, run));
    }

    public static String render(RunHeader header, JudgedRun run) throws IOException {
        return MAPPER.writeValueAsString(toTree(header, run));
    }

    static ObjectNode toTree(RunHeader header, JudgedRun run) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("h2scope", header.version());
        ObjectNode target = root.putObject("target");
        target.put("name", header.target().name());
        target.put("url", header.target().url());
        target.put("tls", header.target().tls());
        target.put("role", header.target().role());
        header.serverVersion().ifPresent(v -> server(root.putObject("server"), v));
        root.put("strict", header.strict());
        ObjectNode options = root.putObject("options");
        options.put("strict", header.strict());
        options.put("timeoutMs", header.timeout().toMillis());
        options.put("parallel", header.parallel());
        options.put("repeat", header.repeat());
        root.put("startedAt", header.startedAt().toString());
        root.put("elapsedMs", run.elapsed().toMillis());
        ObjectNode counts = root.putObject("counts");
        run.counts().forEach((outcome, n) -> counts.put(outcome.name(), n));
        root.put("passed", run.passed());
        root.put("status", run.status().name());
        run.diagnosis().ifPresent(d -> root.put("diagnosis", d));
        root.put("notRun", run.notRun());
        ArrayNode results = root.putArray("results");
        run.results().forEach(r -> results.add(result(r)));
        Agreement agreement = run instanceof RunResult server ? Agreement.of(server) : null; // only the server suite repeats
        if (agreement != null && agreement.repeated()) {
            ArrayNode agreed = root.putArray("agreement");
            for (Agreement.CaseAgreement c : agreement.cases()) {
                ObjectNode node = agreed.addObject().put("id", c.caseId()).put("runs", c.runs())
                        .put("agreeing", c.agreeing()).put("flipped", c.flipped());
                ObjectNode outcomes = node.putObject("outcomes");
                c.outcomes().forEach((o, n) -> outcomes.put(o.name(), n));
            }
        }
        return root;
    }

    /** The server's version fields, as the run and the matrix write them. */
    static void server(ObjectNode node, ServerVersion v) {
        node.put("name", v.server());
        if (v.isKnown()) {
            node.put("version", v.version());
        } else {
            node.put("versionUnknown", v.problem());
        }
        node.put("askedWith", v.askedWith());
        v.expectedFailuresNote().ifPresent(note -> node.put("expectedFailuresNote", note));
    }

    private static ObjectNode result(JudgedCase r) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("id", r.facts().id());
        node.put("section", r.facts().sectionId());
        node.put("rule", r.facts().rule());
        r.facts().references().forEach(node::put);
        node.put("level", r.facts().level().name());
        node.put("iteration", r.iteration());
        node.put("outcome", r.verdict().outcome().name());
        node.put("expected", r.verdict().expected());
        node.put("actual", r.verdict().actual());
        node.put("quote", r.facts().quote());
        node.put("elapsedMs", r.elapsed().toMillis());
        if (r.budget() != null) {
            node.put("budgetMs", r.budget().toMillis()); // declared times the run's --budget-scale
        }
        ArrayNode evidence = node.putArray("evidence");
        for (TraceEntry e : r.evidence()) {
            ObjectNode line = evidence.addObject();
            line.put("nanos", e.nanos());
            line.put("direction", e.direction().name());
            line.put("text", e.text());
        }
        return node;
    }
}
