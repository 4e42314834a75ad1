package io.h2scope.conformance.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.engine.testsupport.RfcTexts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The client suite's metadata: stable slug ids inside their section, and every quote the RFC's own words. */
class ClientSuiteMetadataTest {

    private static final Pattern SECTION = Pattern.compile("RFC (9113|7541|7540) §\\d+(\\.\\d+)*");

    @Test
    void idsAreUniqueSlugsInsideTheirSection() {
        Set<String> ids = new HashSet<>();
        for (ClientSection section : ClientSuite.sections()) {
            assertTrue(section.id().startsWith("client/"), section.id());
            assertFalse(section.cases().isEmpty(), section.id() + " has no case");
            for (ClientCase c : section.cases()) {
                String id = c.id().value();
                assertTrue(ids.add(id), "duplicate id " + id);
                assertTrue(id.startsWith(section.id()), id + " is not in section " + section.id());
                assertTrue(c.id().slug().chars().anyMatch(Character::isLetter), id + " has a slug without a word");
                assertTrue(SECTION.matcher(c.rfc()).matches(), id + ": section reference " + c.rfc());
                assertFalse(c.description().isBlank(), id + " says nothing about what the server does");
            }
        }
        assertEquals(ClientSuite.cases().size(), ids.size());
    }

    @Test
    void everyQuoteIsTheRfcsOwnWords() throws IOException {
        String rfc9113 = RfcTexts.rfc9113();
        String rfc7541 = RfcTexts.rfc7541();
        String rfc7540 = RfcTexts.rfc7540(); // the h2c Upgrade's rules, which RFC 9113 §3.1 deprecated
        List<String> notFound = new ArrayList<>();
        for (ClientCase c : ClientSuite.cases()) {
            String text = c.rfc().startsWith("RFC 7541") ? rfc7541 : c.rfc().startsWith("RFC 7540") ? rfc7540 : rfc9113;
            if (!text.contains(RfcTexts.normalised(c.quote()))) {
                notFound.add(c.id() + " (" + c.rfc() + "): " + c.quote());
            }
        }
        assertEquals(List.of(), notFound, "quotes not found in their RFC");
    }
}
