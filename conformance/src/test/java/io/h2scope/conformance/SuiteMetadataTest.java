package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.CaseId;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The suite's metadata: stable unique ids inside their section, h2spec ids, quotes, selection, URLs. */
class SuiteMetadataTest {

    @Test
    void idsAreUniqueAndInsideTheirSection() {
        Set<String> ids = new HashSet<>();
        Set<String> h2spec = new HashSet<>();
        for (Section section : Suites.all()) {
            for (CaseDef c : section.cases()) {
                assertTrue(ids.add(c.id().value()), "duplicate id " + c.id());
                assertEquals(section.id(), c.id().sectionPart(), c.id() + " is not in section " + section.id());
                c.h2spec().ifPresent(h -> assertTrue(h2spec.add(h), "two cases claim h2spec " + h));
                assertFalse(c.quote().isBlank(), c.id() + " quotes no RFC sentence");
                assertFalse(c.accepts().isBlank(), c.id() + " says nothing about what it accepts");
            }
        }
        assertTrue(h2spec.containsAll(List.of("generic/1/1", "generic/5/15", "http2/3.5/2", "http2/6.10/6", "http2/6.9.2/3")));
        assertEquals(44, h2spec.stream().filter(h -> h.startsWith("generic/")).count(), "h2spec 2.6 has 44 generic cases");
    }

    @Test
    @DisplayName("h2spec weakness: ids are positions. Ours are slugs: none ends in a bare number, h2spec's numbers live apart")
    void idsAreSlugsNotPositions() {
        java.util.regex.Pattern positional = java.util.regex.Pattern.compile(".*/[0-9]+$");
        List<String> first = new java.util.ArrayList<>();
        for (CaseDef c : Suites.allCases()) {
            String id = c.id().value();
            first.add(id);
            assertFalse(positional.matcher(id).matches(), id + " ends in a bare positional number");
            assertTrue(c.id().slug().chars().anyMatch(Character::isLetter), id + " has a slug without a word");
            c.h2spec().ifPresent(h -> assertFalse(h.equals(id), id + " reuses h2spec's positional id"));
        }
        assertEquals(first, Suites.allCases().stream().map(c -> c.id().value()).toList(), "ids are not stable across builds");
        assertTrue(first.containsAll(List.of("http2/8.1.2.3/missing-path", "hpack/5.2/huffman-eos", "rfc9113/8.2.1/cr-in-value",
                "tls/9.2.1/renegotiation-refused", "security/rapid-reset")));
        assertEquals(95, Suites.allCases().stream().filter(c -> c.h2spec().filter(h -> h.startsWith("http2/")).isPresent())
                .count(), "h2spec 2.6 has 95 http2 cases");
        assertEquals(8, Suites.allCases().stream().filter(c -> c.h2spec().filter(h -> h.startsWith("hpack/")).isPresent())
                .count(), "h2spec 2.6 has 8 hpack cases");
    }

    @Test
    void caseIdRejectsPositionsAndOddForms() {
        assertEquals("ack-with-payload", CaseId.of("http2/6.5/ack-with-payload").slug());
        assertThrows(IllegalArgumentException.class, () -> CaseId.of("http2/6.7"));
        assertEquals("client/hpack/6.1", CaseId.of("client/hpack/6.1/index-zero").sectionPart());
        assertThrows(IllegalArgumentException.class, () -> CaseId.of("client/Hpack/6.1/index-zero"));
        assertThrows(IllegalArgumentException.class, () -> CaseId.of("http2/6.7/Ping Ack"));
    }

    @Test
    void selectionBySectionIncludesSubsectionsAndGenericCases() {
        Target target = Target.parse("http://127.0.0.1:1/");
        SuiteRunner bySection = new SuiteRunner(RunConfig.defaults(target).withSelection(new CaseSelection(List.of(), List.of("6.5"))));
        List<String> ids = bySection.plan(Suites.all()).stream().map(p -> p.definition().id().value()).toList();
        assertTrue(ids.contains("http2/6.5/ack-with-payload"));
        assertTrue(ids.contains("http2/6.5.2/unknown-setting"));
        assertTrue(ids.contains("generic/3.5/settings"));
        assertFalse(ids.contains("http2/6.7/ping-is-acked"));

        SuiteRunner byPrefix = new SuiteRunner(RunConfig.defaults(target)
                .withSelection(new CaseSelection(List.of("http2/6.7"), List.of())).withRepeat(2));
        assertEquals(8, byPrefix.plan(Suites.all()).size(), "4 PING cases, twice");
    }

    @Test
    void targetFromUrl() {
        Target h2c = Target.parse("http://127.0.0.1:8080");
        assertFalse(h2c.tls());
        assertEquals(8080, h2c.port());
        assertEquals("/", h2c.path());
        Target tls = Target.parse("https://localhost/index.html?x=1");
        assertTrue(tls.tls());
        assertEquals(443, tls.port());
        assertEquals("/index.html?x=1", tls.path());
        assertEquals("localhost:443", tls.authority());
        assertThrows(IllegalArgumentException.class, () -> Target.parse("ftp://host/"));
        assertThrows(IllegalArgumentException.class, () -> Target.parse("http:///nohost"));
    }
}
