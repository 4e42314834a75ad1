package io.h2scope.engine.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.rules.KnownRules;
import io.h2scope.engine.testsupport.RfcTexts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every rule's sentence is the RFC's own words: found, word for word, in the text of the RFC its section names. */
class RuleSentencesTest {

    @Test
    void everySentenceIsQuotedFromItsRfc() throws IOException {
        Map<SpecRef.Rfc, String> texts = new EnumMap<>(SpecRef.Rfc.class);
        texts.put(SpecRef.Rfc.RFC9113, RfcTexts.rfc9113());
        texts.put(SpecRef.Rfc.RFC7540, RfcTexts.rfc7540());
        texts.put(SpecRef.Rfc.RFC7541, RfcTexts.rfc7541());
        List<String> notFound = new ArrayList<>();
        for (Class<? extends Enum<?>> family : KnownRules.FAMILIES) {
            for (Enum<?> constant : family.getEnumConstants()) {
                Rule rule = (Rule) constant;
                if (!texts.get(rule.spec().rfc()).contains(rule.sentence())) {
                    notFound.add(RuleIds.of(rule) + " (" + rule.spec() + "): " + rule.sentence());
                }
            }
        }
        assertEquals(List.of(), notFound, "sentences not found in their RFC");
    }
}
