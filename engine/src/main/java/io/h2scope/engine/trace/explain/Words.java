package io.h2scope.engine.trace.explain;

import java.util.List;
import java.util.Locale;

/** Small pieces of an account's wording: durations and lists of streams. */
final class Words {

    private Words() {
    }

    /** {@code 3.2 s}, {@code 120 ms}, {@code 0.4 ms}. */
    static String duration(long nanos) {
        if (nanos >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
        }
        if (nanos >= 1_000_000L) {
            return (nanos / 1_000_000L) + " ms";
        }
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    /** {@code stream 5}, {@code streams 1 and 3}, {@code streams 1, 3, 5 and 95 more}. */
    static String streams(List<Integer> shown, int count) {
        if (count == 1 && shown.size() == 1) {
            return "stream " + shown.get(0);
        }
        return "streams " + ids(shown, count);
    }

    /** {@code 1 and 3}, {@code 1, 3, 5 and 95 more}. */
    static String ids(List<Integer> shown, int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < shown.size(); i++) {
            if (i > 0) {
                text.append(i == shown.size() - 1 && count == shown.size() ? " and " : ", ");
            }
            text.append(shown.get(i));
        }
        if (count > shown.size()) {
            text.append(" and ").append(count - shown.size()).append(" more");
        }
        return text.toString();
    }

    /** {@code 1 entry}, {@code 3 entries}. */
    static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
