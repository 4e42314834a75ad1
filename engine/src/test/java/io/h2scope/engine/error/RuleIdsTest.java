package io.h2scope.engine.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.flow.FlowRule;
import io.h2scope.engine.frame.check.FieldBlockRule;
import io.h2scope.engine.frame.check.FrameRule;
import io.h2scope.engine.hpack.HpackRule;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.settings.SettingsRule;
import io.h2scope.engine.stream.StreamRule;
import io.h2scope.engine.rules.KnownRules;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RuleIdsTest {

    private static final Path TRACE_FORMAT = Path.of("..", "docs", "TRACE_FORMAT.md");
    private static final String TABLE_HEADING = "## Rule ids";

    @Test
    void idsAreFamilySlashNameInLowercase() {
        assertEquals("frame/data-on-stream-zero", RuleIds.of(FrameRule.DATA_ON_STREAM_ZERO));
        assertEquals("field-block/continuation-without-field-block",
                RuleIds.of(FieldBlockRule.CONTINUATION_WITHOUT_FIELD_BLOCK));
        assertEquals("limit/rst-stream-received-rate", RuleIds.of(LimitRule.RST_STREAM_RECEIVED_RATE));
        assertEquals("rfc9113/3.4/protocol_error", RuleIds.of(null, SpecRef.rfc9113("3.4"), ErrorCode.PROTOCOL_ERROR));
    }

    @Test
    void aRuleThatIsNoEnumConstantHasNoId() {
        RuleFacts facts = new RuleFacts(SpecRef.rfc9113("5.1"), ErrorScope.STREAM, ErrorCode.STREAM_CLOSED,
                "An endpoint MUST NOT send frames other than PRIORITY on a closed stream.");
        Rule adHoc = () -> facts;
        assertThrows(IllegalArgumentException.class, () -> RuleIds.of(adHoc));
    }

    @Test
    void everyRuleEnumOfTheEngineIsFound() throws Exception {
        assertEquals(Set.of(FrameRule.class, FieldBlockRule.class, StreamRule.class, FlowRule.class, SettingsRule.class,
                MessageRule.class, HpackRule.class, LimitRule.class, StartRule.class), new HashSet<>(ruleEnums()));
        assertEquals(new HashSet<>(ruleEnums()), new HashSet<>(KnownRules.FAMILIES),
                "KnownRules (which a recording's reader uses) lists every rule family");
        for (Rule rule : allRules()) {
            assertEquals(rule, KnownRules.byId(RuleIds.of(rule)).orElseThrow());
        }
    }

    @Test
    void everyIdIsUniqueAndWellFormed() throws Exception {
        Set<String> seen = new HashSet<>();
        for (Rule rule : allRules()) {
            String id = RuleIds.of(rule);
            assertTrue(id.matches("[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*"), id);
            assertTrue(seen.add(id), "two rules have the id " + id);
        }
    }

    @Test
    void traceFormatListsEveryRuleWithItsSectionScopeAndCode() throws Exception {
        TreeMap<String, String> expected = new TreeMap<>();
        for (Rule rule : allRules()) {
            expected.put(RuleIds.of(rule), row(rule));
        }
        TreeMap<String, String> documented = new TreeMap<>();
        for (String line : tableLines()) {
            String[] cells = line.split("\\|");
            documented.put(cells[1].trim().replace("`", ""), line.trim());
        }
        assertEquals(String.join("\n", expected.values()), String.join("\n", documented.values()),
                "the table under \"" + TABLE_HEADING + "\" in " + TRACE_FORMAT + " must list every rule, sorted by id");
    }

    /** {@code | `frame/data-on-stream-zero` | RFC 9113 §6.1 | CONNECTION | PROTOCOL_ERROR |} */
    private static String row(Rule rule) {
        return "| `" + RuleIds.of(rule) + "` | " + rule.spec() + " | " + rule.scope() + " | " + rule.code() + " |";
    }

    private static List<String> tableLines() throws IOException {
        List<String> lines = Files.readAllLines(TRACE_FORMAT);
        int heading = lines.indexOf(TABLE_HEADING);
        assertTrue(heading >= 0, TRACE_FORMAT + " has no \"" + TABLE_HEADING + "\" section");
        List<String> rows = new ArrayList<>();
        for (int i = heading + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
            if (lines.get(i).startsWith("| `")) {
                rows.add(lines.get(i));
            }
        }
        return rows;
    }

    private static List<Rule> allRules() throws Exception {
        List<Rule> rules = new ArrayList<>();
        for (Class<?> c : ruleEnums()) {
            for (Object constant : c.getEnumConstants()) {
                rules.add((Rule) constant);
            }
        }
        return rules;
    }

    /** Every enum implementing {@link Rule} among the engine's compiled classes (so a new family cannot be missed). */
    private static List<Class<?>> ruleEnums() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(Rule.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names;
        try (Stream<Path> files = Files.walk(classes)) {
            names = files.map(p -> classes.relativize(p).toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .toList();
        }
        List<Class<?>> found = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName(name, false, Rule.class.getClassLoader());
            if (c.isEnum() && Rule.class.isAssignableFrom(c)) {
                found.add(c);
            }
        }
        return found;
    }
}
