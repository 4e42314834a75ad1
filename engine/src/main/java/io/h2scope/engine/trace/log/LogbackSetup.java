package io.h2scope.engine.trace.log;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import org.slf4j.LoggerFactory;

/**
 * Makes logback, when it is the SLF4J backend, show the categories at the levels of
 * {@code H2SCOPE_LOG}, on standard error. A user's own configuration wins: nothing is touched when a
 * {@code logback.xml} or {@code logback-test.xml} is on the class path or {@code logback.configurationFile}
 * is set. Logback is an optional dependency: its classes are only loaded after it was found.
 */
public final class LogbackSetup {

    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger %msg%n";

    private LogbackSetup() {
    }

    /** Applies {@code config}'s levels if logback is the backend and the user did not configure it; returns whether it did. */
    public static boolean configure(TraceConfig config) {
        if (!logbackIsBackend() || userConfigured()) {
            return false;
        }
        Configurer.apply(config);
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
            if (config.anyLogging() && root.getAppender("h2scope-stderr") == null) {
                PatternLayoutEncoder encoder = new PatternLayoutEncoder();
                encoder.setContext(context);
                encoder.setPattern(PATTERN);
                encoder.start();
                ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
                appender.setContext(context);
                appender.setName("h2scope-stderr");
                appender.setTarget("System.err");
                appender.setEncoder(encoder);
                appender.start();
                root.addAppender(appender);
                root.setAdditive(false);
            }
            root.setLevel(Level.OFF);
            for (TraceCategory category : TraceCategory.values()) {
                context.getLogger(category.loggerName()).setLevel(Level.toLevel(config.level(category).name(), Level.OFF));
            }
        }
    }
}
