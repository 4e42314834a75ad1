package io.h2scope.conformance.report;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The h2scope version this code was built as, from a resource Maven fills in at build time, so it
 * is known in every jar that carries the conformance module (the CLI, a user's test classpath).
 */
public final class H2scopeVersion {

    /** What a build that skipped Maven's resource filtering (an IDE's own compile) reports. */
    public static final String UNKNOWN = "development";

    private static final String VERSION = load();

    private H2scopeVersion() {
    }

    public static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = H2scopeVersion.class.getResourceAsStream("h2scope-version.properties")) {
            if (in == null) {
                return UNKNOWN;
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "");
            return version.isBlank() || version.startsWith("${") ? UNKNOWN : version;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }
}
