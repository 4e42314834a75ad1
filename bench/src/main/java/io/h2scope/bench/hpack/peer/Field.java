package io.h2scope.bench.hpack.peer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** One header field as the benchmarks compare it: name and value, one char per octet. */
public record Field(String name, String value) {

    public boolean isPseudo() {
        return name.startsWith(":");
    }

    /**
     * The form every library's output is compared in: pseudo-header fields first, sorted by name (Jetty keeps
     * them as request/response attributes, so their order is not observable), then regular fields in order.
     */
    public static List<Field> comparable(List<Field> fields) {
        List<Field> pseudo = new ArrayList<>();
        List<Field> regular = new ArrayList<>();
        for (Field f : fields) {
            (f.isPseudo() ? pseudo : regular).add(f);
        }
        pseudo.sort(Comparator.comparing(Field::name));
        pseudo.addAll(regular);
        return pseudo;
    }
}
