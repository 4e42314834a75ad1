package io.h2scope.engine.trace.log;

import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumMap;

/** The categories as the SLF4J loggers {@code h2scope.frames}, {@code h2scope.hpack}, ... */
public final class Slf4jCategoryLog implements CategoryLog {

    private final EnumMap<TraceCategory, Logger> loggers = new EnumMap<>(TraceCategory.class);

    public Slf4jCategoryLog() {
        for (TraceCategory category : TraceCategory.values()) {
            loggers.put(category, LoggerFactory.getLogger(category.loggerName()));
        }
    }

    @Override
    public boolean isEnabled(TraceCategory category, TraceLevel level) {
        Logger logger = loggers.get(category);
        return switch (level) {
            case OFF -> false;
            case ERROR -> logger.isErrorEnabled();
            case WARN -> logger.isWarnEnabled();
            case INFO -> logger.isInfoEnabled();
            case DEBUG -> logger.isDebugEnabled();
            case TRACE -> logger.isTraceEnabled();
        };
    }

    @Override
    public void log(TraceCategory category, TraceLevel level, String message) {
        Logger logger = loggers.get(category);
        switch (level) {
            case ERROR -> logger.error(message);
            case WARN -> logger.warn(message);
            case INFO -> logger.info(message);
            case DEBUG -> logger.debug(message);
            case TRACE -> logger.trace(message);
            case OFF -> {
            }
        }
    }
}
