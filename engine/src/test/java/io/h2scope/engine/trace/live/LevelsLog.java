package io.h2scope.engine.trace.live;

import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.log.CategoryLog;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link CategoryLog} whose levels can be set while it runs, as logback's can; it keeps every line written. */
final class LevelsLog implements CategoryLog {

    final List<String> lines = new CopyOnWriteArrayList<>();
    /** The lines written inside a {@link #batch}. */
    final List<String> batched = new CopyOnWriteArrayList<>();
    private final ThreadLocal<int[]> batchDepth = ThreadLocal.withInitial(() -> new int[1]);
    private volatile Map<TraceCategory, TraceLevel> levels;

    LevelsLog(TraceConfig config) {
        levels = new EnumMap<>(config.levels());
    }

    @Override
    public boolean isEnabled(TraceCategory category, TraceLevel level) {
        return levels.get(category).shows(level);
    }

    @Override
    public void log(TraceCategory category, TraceLevel level, String message) {
        lines.add(category.key() + " " + message);
        if (batchDepth.get()[0] > 0) {
            batched.add(category.key() + " " + message);
        }
    }

    @Override
    public void batch(Runnable lines) {
        batchDepth.get()[0]++;
        try {
            lines.run();
        } finally {
            batchDepth.get()[0]--;
        }
    }

    @Override
    public synchronized boolean setLevel(TraceCategory category, TraceLevel level) {
        EnumMap<TraceCategory, TraceLevel> next = new EnumMap<>(levels);
        next.put(category, level);
        levels = next;
        return true;
    }

    /** The lines of {@code category} about connection {@code conn}. */
    List<String> of(TraceCategory category, long conn) {
        String head = category.key() + " conn=" + conn + " ";
        return lines.stream().filter(l -> l.startsWith(head)).toList();
    }
}
