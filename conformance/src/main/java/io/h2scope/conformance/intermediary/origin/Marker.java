package io.h2scope.conformance.intermediary.origin;

import java.security.SecureRandom;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The unique mark one case puts on its request (in {@code :path} and in a header), by which the origin tells whose
 * request has arrived, whatever connection the intermediary used and whatever else it sends at the same time.
 */
public record Marker(String value) {

    /** The header that carries the marker when the case's {@code :path} cannot. */
    public static final String HEADER = "x-h2scope-case";

    private static final Pattern SHAPE = Pattern.compile("h2sm[0-9a-f]{12}");
    private static final SecureRandom RANDOM = new SecureRandom();

    public Marker {
        if (!SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a marker: " + value);
        }
    }

    public static Marker fresh() {
        return new Marker(String.format("h2sm%012x", RANDOM.nextLong() & 0xffff_ffff_ffffL));
    }

    /** The path a case's request uses unless it is about {@code :path}: {@code /h2scope/MARKER}. */
    public String path() {
        return "/h2scope/" + value;
    }

    /** The first marker in {@code text}, if any. */
    public static Optional<Marker> findIn(String text) {
        Matcher m = SHAPE.matcher(text);
        return m.find() ? Optional.of(new Marker(m.group())) : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
