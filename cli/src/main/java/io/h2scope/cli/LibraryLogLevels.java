package io.h2scope.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import org.slf4j.LoggerFactory;

/**
 * Silences the libraries' own logs (Testcontainers and its Docker client, used by {@code --target docker:NAME}:
 * h2scope says in one line what went wrong) on the console: logback's unconfigured default is DEBUG. A
 * user's logback.xml or {@code -Dlogback.configurationFile} wins, as for H2SCOPE_LOG.
 */
final class LibraryLogLevels {

    private static final String[] LIBRARIES = {"org.testcontainers", "tc", "com.github.dockerjava", "org.apache.hc"};

    private LibraryLogLevels() {
    }

    static void quiet() {
        if (System.getProperty("logback.configurationFile") != null
                || LibraryLogLevels.class.getClassLoader().getResource("logback.xml") != null
                || !(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return;
        }
        for (String library : LIBRARIES) {
            context.getLogger(library).setLevel(Level.OFF);
        }
    }
}
