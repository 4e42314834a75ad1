package io.h2scope.engine.trace;

import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.log.CategoryLog;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** A {@link CategoryLog} that keeps each category's messages, at the levels of a {@link TraceConfig}. */
final class RecordingLog implements CategoryLog {

    final Map<TraceCategory, List<String>> lines = new EnumMap<>(TraceCategory.class);
    private final TraceConfig config;

    RecordingLog(TraceConfig config) {
        this.config = config;
        for (TraceCategory category : TraceCategory.values()) {
            lines.put(category, new ArrayList<>());
        }
    }

    @Override
    public boolean isEnabled(TraceCategory category, TraceLevel level) {
        return config.level(category).shows(level);
    }

    @Override
    public void log(TraceCategory category, TraceLevel level, String message) {
        lines.get(category).add(level.name() + " " + message);
    }

    String text(TraceCategory category) {
        return String.join("\n", lines.get(category)) + "\n";
    }
}
