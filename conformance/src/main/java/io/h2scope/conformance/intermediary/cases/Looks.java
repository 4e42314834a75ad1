package io.h2scope.conformance.intermediary.cases;

import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.intermediary.origin.PrintableOctets;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The cases' common looks at what the origin received. */
final class Looks {

    /** The field a case puts its fault in when the field's name does not matter. */
    static final String FIELD = "x-h2scope-field";
    /** The field a CR/LF injection tries to create at an HTTP/1.1 origin. */
    static final String INJECTED = "x-h2scope-injected";

    private Looks() {
    }

    /**
     * Whether the field arrived exactly as sent: over h2 the same name and value; over HTTP/1.1 a field line of that
     * name (same case) and that value in the raw head, its octets untouched, whatever optional whitespace the
     * intermediary put after the colon.
     */
    static boolean verbatim(Arrival a, String name, String value) {
        if (a.kind() == OriginKind.H2C) {
            return a.fields().stream().anyMatch(f -> f.name().equals(name) && f.value().equals(value));
        }
        String raw = new String(a.raw(), StandardCharsets.ISO_8859_1);
        return raw.contains("\n" + name + ":" + value + "\r\n") || raw.contains("\n" + name + ": " + value + "\r\n");
    }

    /** How the field named {@code name} (any case) arrived, for a verdict: its values, or its absence. */
    static String how(Arrival a, String name) {
        List<String> values = a.values(name);
        return values.isEmpty() ? "without " + name : name + " arrived as " + values.stream()
                .map(v -> "\"" + PrintableOctets.of(v) + "\"").toList();
    }

    /** Whether a field named {@code name} with value {@code value} arrived (names compared without case). */
    static boolean has(Arrival a, String name, String value) {
        return a.fields().stream().anyMatch(f -> f.name().equalsIgnoreCase(name) && f.value().equals(value));
    }

    /** The fields of {@code a} whose name starts with a colon (over h2: pseudo-header fields as they came). */
    static List<HeaderField> pseudo(List<HeaderField> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).toList();
    }

    static String body(Arrival a) {
        return new String(a.body(), StandardCharsets.ISO_8859_1);
    }

    static String quoted(String octets) {
        return "\"" + PrintableOctets.of(octets) + "\"";
    }
}
