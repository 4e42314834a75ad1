package io.h2scope.inspector.model;

import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Strings kept once each, by a number, under a bound on how many and how long: what the model keeps of every frame
 * as text ({@link FrameFields}, {@link FrameHeads}) costs an int a frame and each distinct string once. One thread
 * interns (the recording's appender); any thread reads a number it was given.
 */
final class StringPool {

    private final int maxStrings;
    private final int maxChars;
    private final Map<String, Integer> ids = new HashMap<>(); // the appender's only
    private final AppendOnlyList<String> strings = new AppendOnlyList<>();
    private final UnaryOperator<String> searchForm;
    /** Each string as a text filter compares it (lower case...): the same instance where it is so already. */
    private final AppendOnlyList<String> searched = new AppendOnlyList<>();

    /** {@code searchForm}: a string as a text filter compares it, worked out once as it is interned. */
    StringPool(int maxStrings, int maxChars, UnaryOperator<String> searchForm) {
        this.maxStrings = maxStrings;
        this.maxChars = maxChars;
        this.searchForm = searchForm;
    }

    /** The string's number, interned now where it was not; -1 when it is too long or the pool is full. */
    int id(String s) {
        Integer id = ids.get(s);
        if (id != null) {
            return id;
        }
        if (s.length() > maxChars || ids.size() >= maxStrings) {
            return -1;
        }
        int next = ids.size();
        String form = searchForm.apply(s);
        searched.add(form.equals(s) ? s : form); // published before the string: a reader of one finds both
        strings.add(s);
        ids.put(s, next);
        return next;
    }

    String get(int id) {
        return strings.get(id);
    }

    /** String {@code id} as a text filter compares it. */
    String searched(int id) {
        return searched.get(id);
    }
}
