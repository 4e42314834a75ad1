package io.h2scope.engine.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.testsupport.SharedDirAssumption;
import io.h2scope.engine.trace.jsonl.KnownRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every rule's sentence is the RFC's own words: found, word for word, in the text of the RFC its section names. */
class RuleSentencesTest {

    /** The lines of a text RFC that belong to no sentence: page footers, page headers, form feeds. */
    private static final Pattern PAGE_LINE = Pattern.compile("(?m)^(.*\\f.*|.*\\[Page \\d+\\]|(Internet-Draft|RFC \\d+) {3,}.*)$");
    /** A word cut at a line end after its hyphen ("flow-" then "control" on the next line). */
    private static final Pattern HYPHEN_AT_LINE_END = Pattern.compile("(?<=[A-Za-z])-\\n\\s+");

    @Test
    void everySentenceIsQuotedFromItsRfc() throws IOException {
        Path rfcs = SharedDirAssumption.resolve("rfc");
        Map<SpecRef.Rfc, String> texts = new EnumMap<>(SpecRef.Rfc.class);
        texts.put(SpecRef.Rfc.RFC9113, text(rfcs.resolve("rfc9113.txt")));
        texts.put(SpecRef.Rfc.RFC7540, text(rfcs.resolve("rfc7540.txt")));
        texts.put(SpecRef.Rfc.RFC7541, text(rfcs.resolve("rfc7541-hpack.txt")));
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

    /** The RFC's prose with its page furniture removed and every run of white space one space. */
    private static String text(Path file) throws IOException {
        String raw = PAGE_LINE.matcher(Files.readString(file)).replaceAll("");
        return HYPHEN_AT_LINE_END.matcher(raw).replaceAll("-").replaceAll("[\\s\\u00a0]+", " "); // a no-break space too
    }
}
