package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.suite.Suites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The example output in the README and in docs/ counts the cases this build runs: a case added or removed makes this
 * fail until they do.
 */
class ReadmeFiguresTest {

    /** {@code [ 12/210   3.4s]} (the console's progress), {@code Running 210 cases}, {@code 210 cases not run}. */
    private static final Pattern CASE_COUNT = Pattern.compile("\\[\\s*\\d+/(\\d+)\\s+[\\d.]+s\\]|Running (\\d+) cases|(\\d+) cases not run");

    @Test
    void theReadmeShowsTheConsolesProgressLine() throws Exception {
        assertTrue(!caseCounts(Path.of("..", "README.md")).isEmpty(), "the README shows the console's progress line");
    }

    @Test
    void everyCaseCountInTheExamplesIsThisBuilds() throws Exception {
        String cases = String.valueOf(Suites.allCases().size());
        for (Path doc : documents()) {
            for (String count : caseCounts(doc)) {
                assertEquals(cases, count, doc + " shows " + count + " cases where this build runs " + cases);
            }
        }
    }

    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("..", "README.md")));
        try (Stream<Path> files = Files.list(Path.of("..", "docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    private static List<String> caseCounts(Path doc) throws IOException {
        List<String> counts = new ArrayList<>();
        Matcher m = CASE_COUNT.matcher(Files.readString(doc));
        while (m.find()) {
            counts.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return counts;
    }
}
