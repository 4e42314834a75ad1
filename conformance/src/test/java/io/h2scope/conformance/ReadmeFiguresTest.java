package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.suite.Suites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's example output counts the cases this build runs: a case added or removed makes this fail until it does. */
class ReadmeFiguresTest {

    /** {@code [ 12/210   3.4s]} (the console's progress), {@code Running 210 cases}, {@code 210 cases not run}. */
    private static final Pattern CASE_COUNT = Pattern.compile("\\[\\s*\\d+/(\\d+)\\s+[\\d.]+s\\]|Running (\\d+) cases|(\\d+) cases not run");

    @Test
    void everyCaseCountInTheReadmesExamplesIsThisBuilds() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        List<String> counts = new ArrayList<>();
        Matcher m = CASE_COUNT.matcher(readme);
        while (m.find()) {
            counts.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        assertTrue(!counts.isEmpty(), "the README shows the console's progress line");
        String cases = String.valueOf(Suites.allCases().size());
        for (String count : counts) {
            assertEquals(cases, count, "README.md shows " + count + " cases where this build runs " + cases);
        }
    }
}
