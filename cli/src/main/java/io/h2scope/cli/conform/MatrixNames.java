package io.h2scope.cli.conform;

import java.util.List;

/** The names a matrix option asks for ({@code --targets}, {@code --clients}, {@code --proxies}), checked against the known ones. */
final class MatrixNames {

    private MatrixNames() {
    }

    /**
     * The names asked for, in order, once each; {@code all} is every known one.
     *
     * @throws IllegalArgumentException naming the known ones when a name is none of them ({@code kind}: target, client...)
     */
    static List<String> chosen(List<String> asked, List<String> known, String kind) {
        if (asked.equals(List.of("all"))) {
            return known;
        }
        List<String> unknown = asked.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown " + kind + " " + String.join(", ", unknown) + ": known names are "
                    + String.join(", ", known) + " (or 'all')");
        }
        return asked.stream().distinct().toList();
    }
}
