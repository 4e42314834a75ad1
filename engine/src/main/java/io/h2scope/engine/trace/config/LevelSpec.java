package io.h2scope.engine.trace.config;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses a level value: one level, or {@code category=level} entries separated by commas, a bare level in the list
 * being the default for the categories it does not name. The same syntax at start-up ({@code H2SCOPE_LOG}, where a
 * bad entry is reported and ignored) and live ({@code trace level}, where a bad entry refuses the whole change).
 */
public final class LevelSpec {

    private static final String FORMS = "one level (%s) or per category, e.g. frames=debug,hpack=trace,flow=debug,"
            + "state=debug,conn=info (categories: %s)";

    /** One bad part of a value: the entry (the whole value for a single level) and what is wrong with it. */
    private interface Problems {
        void bad(String entry, String what);
    }

    private LevelSpec() {
    }

    /**
     * {@code current} with {@code value} applied, strictly: a category named gets its level, a bare level goes to
     * every category not named, the others keep theirs ({@code off} alone turns every category off).
     *
     * @throws IllegalArgumentException with one line: what is wrong in which entry, and what is accepted
     */
    public static EnumMap<TraceCategory, TraceLevel> applied(Map<TraceCategory, TraceLevel> current, String value) {
        EnumMap<TraceCategory, TraceLevel> levels = new EnumMap<>(current);
        apply(value.trim(), levels, (entry, what) -> {
            throw new IllegalArgumentException(what + " in \"" + entry + "\"; accepted: " + forms());
        });
        return levels;
    }

    static void parse(String variable, String value, EnumMap<TraceCategory, TraceLevel> levels, List<String> problems) {
        apply(value, levels, (entry, what) -> problems.add(entry.equals(value)
                ? "ignoring " + variable + "=\"" + value + "\": " + what + "; accepted: " + forms()
                : "ignoring entry \"" + entry + "\" of " + variable + "=\"" + value + "\": " + what + "; accepted: "
                        + forms()));
    }

    static void parseSingle(String variable, String value, EnumMap<TraceCategory, TraceLevel> levels,
            List<String> problems) {
        Optional<TraceLevel> level = TraceLevel.parse(value);
        if (level.isEmpty()) {
            problems.add("ignoring " + variable + "=\"" + value + "\": unknown level; accepted: " + TraceLevel.accepted());
            return;
        }
        for (TraceCategory category : TraceCategory.values()) {
            levels.put(category, level.get());
        }
    }

    private static void apply(String value, EnumMap<TraceCategory, TraceLevel> levels, Problems problems) {
        if (value.indexOf('=') < 0 && value.indexOf(',') < 0) {
            Optional<TraceLevel> level = TraceLevel.parse(value);
            if (level.isEmpty()) {
                problems.bad(value, "unknown level");
                return;
            }
            for (TraceCategory category : TraceCategory.values()) {
                levels.put(category, level.get());
            }
            return;
        }
        TraceLevel fallback = null;
        EnumSet<TraceCategory> named = EnumSet.noneOf(TraceCategory.class);
        for (String raw : value.split(",")) {
            String entry = raw.trim();
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq < 0) {
                Optional<TraceLevel> level = TraceLevel.parse(entry);
                if (level.isPresent()) {
                    fallback = level.get();
                } else {
                    problems.bad(entry, "\"" + entry + "\" is neither a level nor category=level");
                }
                continue;
            }
            String categoryText = entry.substring(0, eq).trim();
            String levelText = entry.substring(eq + 1).trim();
            Optional<TraceCategory> category = TraceCategory.parse(categoryText);
            Optional<TraceLevel> level = TraceLevel.parse(levelText);
            if (category.isEmpty()) {
                problems.bad(entry, "unknown category \"" + categoryText + "\"");
            } else if (level.isEmpty()) {
                problems.bad(entry, "unknown level \"" + levelText + "\"");
            } else {
                levels.put(category.get(), level.get());
                named.add(category.get());
            }
        }
        if (fallback != null) {
            for (TraceCategory category : TraceCategory.values()) {
                if (!named.contains(category)) {
                    levels.put(category, fallback);
                }
            }
        }
    }

    /** The levels as a value this class parses back: {@code frames=debug,hpack=off,flow=off,state=off,conn=info}. */
    public static String text(Map<TraceCategory, TraceLevel> levels) {
        StringBuilder text = new StringBuilder();
        for (TraceCategory category : TraceCategory.values()) {
            text.append(text.length() == 0 ? "" : ",").append(category.key()).append('=')
                    .append(levels.getOrDefault(category, TraceLevel.OFF).key());
        }
        return text.toString();
    }

    private static String forms() {
        return String.format(FORMS, TraceLevel.accepted(), TraceCategory.accepted());
    }
}
