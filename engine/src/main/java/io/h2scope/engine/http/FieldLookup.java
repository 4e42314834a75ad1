package io.h2scope.engine.http;

import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.List;

/** Name lookups over a validated field list (names there are lower case, so compare ignoring case). */
final class FieldLookup {

    private FieldLookup() {
    }

    static String first(List<HeaderField> fields, String name) {
        for (int i = 0, n = fields.size(); i < n; i++) {
            HeaderField f = fields.get(i);
            if (f.name().equalsIgnoreCase(name)) {
                return f.value();
            }
        }
        return null;
    }

    static List<String> all(List<HeaderField> fields, String name) {
        List<String> values = null;
        for (int i = 0, n = fields.size(); i < n; i++) {
            HeaderField f = fields.get(i);
            if (f.name().equalsIgnoreCase(name)) {
                if (values == null) {
                    values = new ArrayList<>(2);
                }
                values.add(f.value());
            }
        }
        return values == null ? List.of() : List.copyOf(values);
    }

    /** RFC9113 §8.2.3: multiple cookie fields "MUST be concatenated ... using the two-octet delimiter of 0x3b, 0x20". */
    static String joined(List<HeaderField> fields, String name, String delimiter) {
        String single = null;
        StringBuilder sb = null;
        for (int i = 0, n = fields.size(); i < n; i++) {
            HeaderField f = fields.get(i);
            if (!f.name().equalsIgnoreCase(name)) {
                continue;
            }
            if (single == null) {
                single = f.value();
            } else {
                if (sb == null) {
                    sb = new StringBuilder(single);
                }
                sb.append(delimiter).append(f.value());
            }
        }
        return sb != null ? sb.toString() : single;
    }
}
