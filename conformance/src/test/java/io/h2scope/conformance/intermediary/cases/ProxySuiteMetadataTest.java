package io.h2scope.conformance.intermediary.cases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.engine.testsupport.SharedDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class ProxySuiteMetadataTest {

    @Test
    void idsAreUniqueAndUnderTheirSection() {
        Set<String> seen = new HashSet<>();
        for (ProxySection s : ProxySuite.sections()) {
            for (ProxyCase c : s.cases()) {
                assertTrue(seen.add(c.id().value()), "duplicate id " + c.id());
                assertTrue(c.id().value().startsWith(s.id() + "/") || c.id().value().startsWith(s.id() + "."),
                        c.id() + " outside " + s.id());
            }
        }
        assertTrue(seen.size() >= 20, "cases: " + seen.size());
    }

    @Test
    void everyQuoteIsTheRfcsSentenceWordForWord() throws Exception {
        Optional<Path> rfc = SharedDir.find("rfc");
        Assumptions.assumeTrue(rfc.isPresent(), SharedDir.missing("rfc"));
        String text = flat(Files.readString(rfc.get().resolve("rfc9113.txt")));
        List<String> quotes = new ArrayList<>(Quotes.all());
        quotes.addAll(ResponseQuotes.all());
        for (String quote : quotes) {
            assertTrue(text.contains(flat(quote)), "not in RFC 9113: " + quote);
        }
        for (ProxyCase c : ProxySuite.cases()) {
            assertTrue(quotes.contains(c.quote()), c.id() + " quotes a sentence in neither Quotes nor ResponseQuotes");
        }
    }

    /** Page breaks and line ends out (a hyphen at a line end joins its word), runs of spaces as one. */
    private static String flat(String s) {
        return s.replaceAll("\\n[^\\n]*\\[Page \\d+\\]\\n\\f?\\n?RFC 9113[^\\n]*\\n", "\n").replaceAll("-\\n\\s*", "-").replaceAll("\\s+", " ");
    }

    @Test
    void sectionsAreInRfcOrder() {
        assertEquals("proxy/8.1.1", ProxySuite.sections().get(0).id());
    }
}
