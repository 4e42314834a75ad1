package io.h2scope.engine.trace.log;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import io.h2scope.engine.trace.config.LogFormat;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import org.slf4j.LoggerFactory;

import java.util.function.BooleanSupplier;

/**
 * Makes logback, when it is the SLF4J backend, show the categories at the levels of
 * {@code H2SCOPE_LOG}, on standard error: as text ({@link #PATTERN}: the time in UTC to the millisecond, the level,
 * the logger, the message) or, with {@code H2SCOPE_LOG_FORMAT=json}, as one JSON object a line through logback's own
 * {@link JsonEncoder} (time, level, logger, the line's fields, message); {@value #CONTROL_LOGGER} at info, for what is
 * changed live. A user's own configuration wins: nothing is
 * touched when a {@code logback.xml} or {@code logback-test.xml} is on the class path or
 * {@code logback.configurationFile} is set. Logback is an optional dependency: its classes are only loaded after
 * it was found.
 */
public final class LogbackSetup {

    static final String PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSS'Z',UTC} %-5level %logger %msg%n";

    /** Where the built-in appender writes: standard error, a run of lines at once ({@link #batch}). */
    private static final HeldStandardError STANDARD_ERROR = new HeldStandardError();

    private LogbackSetup() {
    }

    /**
     * Runs {@code lines} (a connection's read and what it caused) with the built-in appender's lines written together
     * when it returns, one call instead of one a line; a user's own appenders write as they are configured to.
     */
    static void batch(Runnable lines) {
        STANDARD_ERROR.hold(lines);
    }

    /** Whether the built-in text appender runs, once installed (no logback type here: logback may be absent); else null. */
    private static volatile BooleanSupplier textAppenderRunning;
    private static final PatternLines PATTERN_LINES = new PatternLines(STANDARD_ERROR);

    /**
     * The built-in text appender's lines made directly ({@link PatternLines}), while that appender is the one that
     * writes the trace's loggers (this class configured logback, in text, and nobody stopped it); else null.
     */
    static PatternLines patternLines() {
        BooleanSupplier running = textAppenderRunning;
        return running != null && running.getAsBoolean() ? PATTERN_LINES : null;
    }

    /** The logger that tells what was changed live, by whom ({@code trace level}, {@code trace record}): info. */
    public static final String CONTROL_LOGGER = TraceCategory.ROOT_LOGGER + ".control";

    /** Applies {@code config}'s levels if logback is the backend and the user did not configure it; returns whether it did. */
    public static boolean configure(TraceConfig config) {
        if (!logbackIsBackend() || userConfigured()) {
            return false;
        }
        Configurer.apply(config);
        return true;
    }

    /** Sets logger {@code name}'s level now, if logback is the backend (whoever configured it); returns whether it did. */
    static boolean setLevel(String name, TraceLevel level) {
        if (!logbackIsBackend()) {
            return false;
        }
        Configurer.setLevel(name, level);
        return true;
    }

    static boolean logbackIsBackend() {
        try {
            Class.forName("ch.qos.logback.classic.LoggerContext", false, LogbackSetup.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
        return LoggerFactory.getILoggerFactory().getClass().getName().equals("ch.qos.logback.classic.LoggerContext");
    }

    static boolean userConfigured() {
        if (System.getProperty("logback.configurationFile") != null) {
            return true;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = LogbackSetup.class.getClassLoader();
        }
        return loader.getResource("logback-test.xml") != null || loader.getResource("logback.xml") != null;
    }

    /** Holds every reference to logback types, so they load only when logback is there. */
    private static final class Configurer {
        static void apply(TraceConfig config) {
            LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
            Logger root = context.getLogger(TraceCategory.ROOT_LOGGER);
            // a process that may be switched live gets its lines somewhere from the start
            boolean live = config.traceListen().isPresent();
            if ((config.anyLogging() || live) && root.getAppender("h2scope-stderr") == null) {
                Encoder<ILoggingEvent> encoder = config.logFormat() == LogFormat.JSON ? json(context) : text(context);
                encoder.start();
                OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
                appender.setContext(context);
                appender.setName("h2scope-stderr");
                appender.setEncoder(encoder);
                appender.setOutputStream(STANDARD_ERROR);
                appender.start();
                root.addAppender(appender);
                root.setAdditive(false);
                textAppenderRunning = config.logFormat() == LogFormat.JSON ? null : appender::isStarted;
            }
            root.setLevel(Level.OFF);
            for (TraceCategory category : TraceCategory.values()) {
                context.getLogger(category.loggerName()).setLevel(Level.toLevel(config.level(category).name(), Level.OFF));
            }
            context.getLogger(CONTROL_LOGGER).setLevel(Level.INFO);
        }

        static void setLevel(String name, TraceLevel level) {
            ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(name).setLevel(Level.toLevel(level.name(), Level.OFF));
        }

        private static Encoder<ILoggingEvent> text(LoggerContext context) {
            PatternLayoutEncoder encoder = new PatternLayoutEncoder();
            encoder.setContext(context);
            encoder.setPattern(PATTERN);
            return encoder;
        }

        /** Time (epoch milliseconds, and nanoseconds within the second), level, logger, fields, message, error. */
        private static Encoder<ILoggingEvent> json(LoggerContext context) {
            JsonEncoder encoder = new JsonEncoder();
            encoder.setContext(context);
            encoder.setWithSequenceNumber(false);
            encoder.setWithContext(false);
            encoder.setWithThreadName(false);
            encoder.setWithMarkers(false);
            encoder.setWithMDC(false);
            encoder.setWithArguments(false);
            return encoder;
        }
    }
}
