package io.h2scope.engine.trace.config;

import io.h2scope.engine.trace.attach.ListenAddress;

import java.io.PrintStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the tracing environment variables ask for, read once at start-up:
 * <ul>
 *   <li>{@code H2SCOPE_LOG}: one level for every category ({@code off, error, warn, info, debug, trace})
 *       or a list per category ({@code frames=debug,hpack=trace,flow=debug,state=debug,conn=info}); a
 *       bare level in the list is the default for the categories it does not name.</li>
 *   <li>{@code DEBUG_HTTP2_LOG}: one level, an alias used when {@code H2SCOPE_LOG} is not set.</li>
 *   <li>{@code H2SCOPE_LOG_FORMAT}: {@code text} (the default) or {@code json} ({@link LogFormat}).</li>
 *   <li>{@code H2SCOPE_TRACE_FILE}: the JSONL recording; {@code H2SCOPE_TRACE_MAX_BYTES} caps it
 *       (plain bytes or with a k, m or g suffix; default {@value #DEFAULT_MAX_BYTES_TEXT}), rolling once to
 *       {@code <file>.1}.</li>
 *   <li>{@code SSLKEYLOGFILE}: where TLS secrets go, in the NSS key-log format.</li>
 * </ul>
 * A bad value never stops anything: it is listed in {@link #problems()} (variable, what was wrong,
 * what is accepted) and ignored.
 *
 * @param levels        the level of each category (every category present; OFF when not asked for)
 * @param traceFile     the JSONL recording, if asked for
 * @param traceMaxBytes the recording's size cap before it rolls
 * @param keyLogFile    the TLS key log, if asked for
 * @param traceListen   where the live event stream is served ({@code H2SCOPE_TRACE_LISTEN}), if asked for
 * @param problems      one message per bad value, already ignored
 * @param logFormat     how the built-in logging setup writes lines
 */
public record TraceConfig(Map<TraceCategory, TraceLevel> levels, Optional<Path> traceFile, long traceMaxBytes,
        Optional<Path> keyLogFile, Optional<ListenAddress> traceListen, List<String> problems, LogFormat logFormat) {

    public static final String LOG = "H2SCOPE_LOG";
    public static final String LOG_ALIAS = "DEBUG_HTTP2_LOG";
    public static final String TRACE_FILE = "H2SCOPE_TRACE_FILE";
    public static final String TRACE_MAX_BYTES = "H2SCOPE_TRACE_MAX_BYTES";
    public static final String KEY_LOG_FILE = "SSLKEYLOGFILE";
    public static final String TRACE_LISTEN = "H2SCOPE_TRACE_LISTEN";
    public static final String LOG_FORMAT = "H2SCOPE_LOG_FORMAT";

    /** 100 MiB: a trace left on cannot fill a disk (two files at most). */
    public static final long DEFAULT_MAX_BYTES = 100L << 20;
    static final String DEFAULT_MAX_BYTES_TEXT = "100m";
    /** Below this a cap would roll on every few frames. */
    public static final long MIN_MAX_BYTES = 4096;

    /** Everything off. */
    public static final TraceConfig OFF = new TraceConfig(allAt(TraceLevel.OFF), Optional.empty(),
            DEFAULT_MAX_BYTES, Optional.empty(), Optional.empty(), List.of(), LogFormat.TEXT);

    public TraceConfig {
        EnumMap<TraceCategory, TraceLevel> copy = allAt(TraceLevel.OFF);
        copy.putAll(levels);
        levels = Collections.unmodifiableMap(copy);
        problems = List.copyOf(problems);
    }

    /** The process environment, parsed once per JVM; its problems are printed once, to standard error. */
    public static TraceConfig fromSystemEnvironment() {
        return SystemConfig.INSTANCE;
    }

    /** Parses the variables in {@code env} (pure: nothing is printed). */
    public static TraceConfig fromEnvironment(Map<String, String> env) {
        List<String> problems = new ArrayList<>();
        EnumMap<TraceCategory, TraceLevel> levels = allAt(TraceLevel.OFF);
        String log = nonBlank(env.get(LOG));
        if (log != null) {
            LevelSpec.parse(LOG, log, levels, problems);
        } else {
            String alias = nonBlank(env.get(LOG_ALIAS));
            if (alias != null) {
                LevelSpec.parseSingle(LOG_ALIAS, alias, levels, problems);
            }
        }
        Optional<Path> traceFile = path(TRACE_FILE, env, problems);
        long maxBytes = DEFAULT_MAX_BYTES;
        String max = nonBlank(env.get(TRACE_MAX_BYTES));
        if (max != null) {
            maxBytes = ByteSize.parse(TRACE_MAX_BYTES, max, MIN_MAX_BYTES, problems).orElse(DEFAULT_MAX_BYTES);
        }
        Optional<Path> keyLog = path(KEY_LOG_FILE, env, problems);
        Optional<ListenAddress> listen = Optional.empty();
        String listenValue = nonBlank(env.get(TRACE_LISTEN));
        if (listenValue != null) {
            try {
                listen = Optional.of(ListenAddress.parse(listenValue));
            } catch (IllegalArgumentException e) { // InvalidPathException too
                problems.add("ignoring " + TRACE_LISTEN + "=\"" + listenValue + "\": " + e.getMessage()
                        + "; accepted: a Unix socket path, or 127.0.0.1:PORT");
            }
        }
        LogFormat format = LogFormat.TEXT;
        String formatValue = nonBlank(env.get(LOG_FORMAT));
        if (formatValue != null) {
            try {
                format = LogFormat.valueOf(formatValue.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                problems.add("ignoring " + LOG_FORMAT + "=\"" + formatValue + "\": not a log format; accepted: text, json");
            }
        }
        return new TraceConfig(levels, traceFile, maxBytes, keyLog, listen, problems, format);
    }

    public TraceLevel level(TraceCategory category) {
        return levels.get(category);
    }

    /** Whether any category logs at all. */
    public boolean anyLogging() {
        return levels.values().stream().anyMatch(level -> level != TraceLevel.OFF);
    }

    /** Whether nothing at all is asked for: no logging, no recording, no key log. */
    public boolean isOff() {
        return !anyLogging() && traceFile.isEmpty() && keyLogFile.isEmpty() && traceListen.isEmpty();
    }

    /** Prints each problem on its own line, prefixed {@code h2scope:}. */
    public void reportProblems(PrintStream out) {
        for (String problem : problems) {
            out.println("h2scope: " + problem);
        }
    }

    private static Optional<Path> path(String variable, Map<String, String> env, List<String> problems) {
        String value = nonBlank(env.get(variable));
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(value));
        } catch (InvalidPathException e) {
            problems.add("ignoring " + variable + "=\"" + value + "\": not a valid file path (" + e.getReason()
                    + "); accepted: a file path");
            return Optional.empty();
        }
    }

    private static String nonBlank(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    static EnumMap<TraceCategory, TraceLevel> allAt(TraceLevel level) {
        EnumMap<TraceCategory, TraceLevel> map = new EnumMap<>(TraceCategory.class);
        for (TraceCategory category : TraceCategory.values()) {
            map.put(category, level);
        }
        return map;
    }

    /** Lazy holder: the environment is read and its problems reported the first time it is asked for. */
    private static final class SystemConfig {
        static final TraceConfig INSTANCE = read();

        private static TraceConfig read() {
            TraceConfig config = fromEnvironment(System.getenv());
            config.reportProblems(System.err);
            return config;
        }
    }
}
