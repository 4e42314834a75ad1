package io.h2scope.engine.trace.config;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/** Parses a level variable: one level, or {@code category=level} entries separated by commas. */
final class LevelSpec {

    private static final String FORMS = "one level (%s) or per category, e.g. frames=debug,hpack=trace,flow=debug,"
            + "state=debug,conn=info (categories: %s)";

    private LevelSpec() {
    }

    static void parse(String variable, String value, EnumMap<TraceCategory, TraceLevel> levels, List<String> problems) {
        if (value.indexOf('=') < 0 && value.indexOf(',') < 0) {
            parseSingle(variable, value, levels, problems);
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
                    problems.add(bad(variable, value, entry, "\"" + entry + "\" is neither a level nor category=level"));
                }
                continue;
            }
            String categoryText = entry.substring(0, eq).trim();
            String levelText = entry.substring(eq + 1).trim();
            Optional<TraceCategory> category = TraceCategory.parse(categoryText);
            Optional<TraceLevel> level = TraceLevel.parse(levelText);
            if (category.isEmpty()) {
                problems.add(bad(variable, value, entry, "unknown category \"" + categoryText + "\""));
            } else if (level.isEmpty()) {
                problems.add(bad(variable, value, entry, "unknown level \"" + levelText + "\""));
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

    static void parseSingle(String variable, String value, EnumMap<TraceCategory, TraceLevel> levels,
            List<String> problems) {
        Optional<TraceLevel> level = TraceLevel.parse(value);
        if (level.isEmpty()) {
            problems.add("ignoring " + variable + "=\"" + value + "\": unknown level; accepted: "
                    + (variable.equals(TraceConfig.LOG) ? forms() : TraceLevel.accepted()));
            return;
        }
        for (TraceCategory category : TraceCategory.values()) {
            levels.put(category, level.get());
        }
    }

    private static String bad(String variable, String value, String entry, String what) {
        return "ignoring entry \"" + entry + "\" of " + variable + "=\"" + value + "\": " + what + "; accepted: "
                + forms();
    }

    private static String forms() {
        return String.format(FORMS, TraceLevel.accepted(), TraceCategory.accepted());
    }
}
