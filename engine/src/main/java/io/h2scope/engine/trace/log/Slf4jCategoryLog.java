package io.h2scope.engine.trace.log;

import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.model.TraceEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * The categories as the SLF4J loggers {@code h2scope.frames}, {@code h2scope.hpack}, ... A line about an event
 * carries its fields ({@link LogFields}) as SLF4J key-value pairs. Each line is logged as the event happens, on
 * the connection's thread, so the backend's own time stamp is the event's time.
 */
public final class Slf4jCategoryLog implements CategoryLog {

    /** By the category's ordinal: asked a few times a traced frame, where an EnumMap's key check showed. */
    private final Logger[] loggers = new Logger[TraceCategory.values().length];

    public Slf4jCategoryLog() {
        for (TraceCategory category : TraceCategory.values()) {
            loggers[category.ordinal()] = LoggerFactory.getLogger(category.loggerName());
        }
    }

    @Override
    public boolean isEnabled(TraceCategory category, TraceLevel level) {
        Logger logger = loggers[category.ordinal()];
        return switch (level) {
            case OFF -> false;
            case ERROR -> logger.isErrorEnabled();
            case WARN -> logger.isWarnEnabled();
            case INFO -> logger.isInfoEnabled();
            case DEBUG -> logger.isDebugEnabled();
            case TRACE -> logger.isTraceEnabled();
        };
    }

    /** Through logback when it is the backend: the level of the category's logger, whoever configured it. */
    @Override
    public boolean setLevel(TraceCategory category, TraceLevel level) {
        return LogbackSetup.setLevel(category.loggerName(), level);
    }

    /** The built-in appender's lines written at the end of {@code lines} ({@link LogbackSetup#batch}). */
    @Override
    public void batch(Runnable lines) {
        LogbackSetup.batch(lines);
    }

    @Override
    public void log(TraceCategory category, TraceLevel level, String message) {
        if (level != TraceLevel.OFF) {
            loggers[category.ordinal()].atLevel(slf4j(level)).log(message);
        }
    }

    @Override
    public void log(TraceCategory category, TraceLevel level, String message, TraceEvent event) {
        if (level != TraceLevel.OFF) {
            LoggingEventBuilder line = loggers[category.ordinal()].atLevel(slf4j(level));
            LogFields.of(event, line::addKeyValue);
            line.log(message);
        }
    }

    /** Straight to standard error while the built-in text appender writes ({@link PatternLines}), else as a String. */
    @Override
    public void log(TraceCategory category, TraceLevel level, CharSequence message, TraceEvent event) {
        PatternLines direct = LogbackSetup.patternLines();
        if (direct != null && level != TraceLevel.OFF) {
            direct.write(System.currentTimeMillis(), level, category.loggerName(), message);
        } else {
            log(category, level, message.toString(), event);
        }
    }

    @Override
    public void log(TraceCategory category, TraceLevel level, String message, long connectionId) {
        if (level != TraceLevel.OFF) {
            loggers[category.ordinal()].atLevel(slf4j(level)).addKeyValue("conn", connectionId).log(message);
        }
    }

    private static Level slf4j(TraceLevel level) {
        return switch (level) {
            case ERROR -> Level.ERROR;
            case WARN -> Level.WARN;
            case INFO -> Level.INFO;
            case DEBUG -> Level.DEBUG;
            case TRACE, OFF -> Level.TRACE;
        };
    }
}
