package io.h2scope.engine.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The RFC texts in {@code shared/rfc} as prose a quoted sentence can be found in: page furniture removed, words cut at a
 * line end joined, every run of white space one space. A test that reads them skips without {@code shared/}.
 */
public final class RfcTexts {

    /** The lines of a text RFC that belong to no sentence: page footers, page headers, form feeds. */
    private static final Pattern PAGE_LINE = Pattern.compile("(?m)^(.*\\f.*|.*\\[Page \\d+\\]|(Internet-Draft|RFC \\d+) {3,}.*)$");
    /** A word cut at a line end after its hyphen ("flow-" then "control" on the next line). */
    private static final Pattern HYPHEN_AT_LINE_END = Pattern.compile("(?<=[A-Za-z])-\\n\\s+");

    private RfcTexts() {
    }

    public static String rfc9113() throws IOException {
        return read("rfc9113.txt");
    }

    public static String rfc7540() throws IOException {
        return read("rfc7540.txt");
    }

    public static String rfc7541() throws IOException {
        return read("rfc7541-hpack.txt");
    }

    /** {@code quote} with its white space made single spaces, as the texts are. */
    public static String normalised(String quote) {
        return quote.replaceAll("[\\s\\u00a0]+", " ");
    }

    private static String read(String name) throws IOException {
        Path file = SharedDirAssumption.resolve("rfc").resolve(name);
        String raw = PAGE_LINE.matcher(Files.readString(file)).replaceAll("");
        return HYPHEN_AT_LINE_END.matcher(raw).replaceAll("-").replaceAll("[\\s\\u00a0]+", " "); // a no-break space too
    }
}
