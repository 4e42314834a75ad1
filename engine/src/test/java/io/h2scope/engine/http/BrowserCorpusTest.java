package io.h2scope.engine.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.testsupport.SharedDirAssumption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Positive cases: every request header set of the HPACK corpus's raw-data stories (real browser
 * traffic, context "request") must validate, or fail only for a documented reason.
 *
 * <p>Documented reason, found here: the captures predate HTTP/2's final rules (they were taken from
 * SPDY-era browsers) and many carry {@code connection: keep-alive}, which RFC 9113 §8.2.2 makes
 * malformed. No set fails for any other rule, including strict §8.2.1 syntax and the field cap.
 */
class BrowserCorpusTest {

    /** Header sets in the 21 request stories, and how many carry connection: keep-alive. */
    private static final int SETS = 349;
    private static final int WITH_CONNECTION_FIELD = 344;

    private final MessageValidator validator = new MessageValidator(ValidationOptions.defaults());

    @Test
    void browserRequestsValidateOrFailOnlyForConnectionKeepAlive_rfc9113_8_2_2() throws Exception {
        int sets = 0;
        int connectionField = 0;
        Map<String, Integer> otherFailures = new TreeMap<>();
        for (List<HeaderField> block : requestSets()) {
            sets++;
            try {
                RequestHead head = validator.request(1, block);
                assertTrue(head.method() != null && head.path() != null);
            } catch (StreamError e) {
                if (e.spec().equals(SpecRef.rfc9113("8.2.2")) && e.detail().startsWith("connection-specific field \"connection\"")) {
                    connectionField++;
                    // without it the same set is valid: nothing else is wrong with it
                    validator.request(1, block.stream().filter(f -> !f.name().equals("connection")).toList());
                } else {
                    otherFailures.merge(e.spec() + " " + e.detail(), 1, Integer::sum);
                }
            }
        }
        assertEquals(Map.of(), otherFailures);
        assertEquals(SETS, sets);
        assertEquals(WITH_CONNECTION_FIELD, connectionField);
    }

    private static List<List<HeaderField>> requestSets() throws Exception {
        List<List<HeaderField>> sets = new ArrayList<>();
        for (Path story : stories()) {
            Map<?, ?> json = (Map<?, ?>) Json.parse(Files.readString(story, StandardCharsets.UTF_8));
            if (!"request".equals(json.get("context"))) {
                continue;
            }
            for (Object c : (List<?>) json.get("cases")) {
                List<HeaderField> block = new ArrayList<>();
                for (Object h : (List<?>) ((Map<?, ?>) c).get("headers")) {
                    for (Map.Entry<?, ?> e : ((Map<?, ?>) h).entrySet()) {
                        block.add(new HeaderField((String) e.getKey(), (String) e.getValue()));
                    }
                }
                sets.add(block);
            }
        }
        return sets;
    }

    private static List<Path> stories() throws IOException {
        try (Stream<Path> s = Files.list(SharedDirAssumption.resolve("hpack-test-case").resolve("raw-data"))) {
            return s.filter(p -> p.getFileName().toString().matches("story_\\d+\\.json")).sorted().toList();
        }
    }
}
