package io.h2scope.engine.trace.config;

import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.text.Redaction;

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
 *   <li>{@code H2SCOPE_TRACE_REDACT}: field names whose values are hidden besides the credentials
 *       {@link Redaction#DEFAULT_NAMES}; {@code H2SCOPE_TRACE_REVEAL=1} shows them all after all.</li>
 *   <li>{@code H2SCOPE_TRACE_DATA=on}: DATA payloads recorded, up to {@code H2SCOPE_TRACE_DATA_MAX} octets per stream
 *       (default {@value #DEFAULT_DATA_MAX_TEXT}); off by default.</li>
 *   <li>{@code H2SCOPE_TRACE_ONLY}: only the connections it matches are traced ({@link TraceOnly}).</li>
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
 * @param redaction     the field values every sink hides, and whether they are revealed after all
 * @param traceDataMax  DATA octets the sinks keep per stream: 0 (the default) for none
 * @param traceOnly     the connections traced, if not all
 */
public record TraceConfig(Map<TraceCategory, TraceLevel> levels, Optional<Path> traceFile, long traceMaxBytes,
        Optional<Path> keyLogFile, Optional<ListenAddress> traceListen, List<String> problems, LogFormat logFormat,
        Redaction redaction, long traceDataMax, Optional<TraceOnly> traceOnly) {

    public static final String LOG = "H2SCOPE_LOG";
    public static final String LOG_ALIAS = "DEBUG_HTTP2_LOG";
    public static final String TRACE_FILE = "H2SCOPE_TRACE_FILE";
    public static final String TRACE_MAX_BYTES = "H2SCOPE_TRACE_MAX_BYTES";
    public static final String KEY_LOG_FILE = "SSLKEYLOGFILE";
    public static final String TRACE_LISTEN = "H2SCOPE_TRACE_LISTEN";
    public static final String LOG_FORMAT = "H2SCOPE_LOG_FORMAT";
    public static final String TRACE_REDACT = "H2SCOPE_TRACE_REDACT";
    public static final String TRACE_REVEAL = "H2SCOPE_TRACE_REVEAL";
    public static final String TRACE_DATA = "H2SCOPE_TRACE_DATA";
    public static final String TRACE_DATA_MAX = "H2SCOPE_TRACE_DATA_MAX";
    public static final String TRACE_ONLY = "H2SCOPE_TRACE_ONLY";

    /** 100 MiB: a trace left on cannot fill a disk (two files at most). */
    public static final long DEFAULT_MAX_BYTES = 100L << 20;
    static final String DEFAULT_MAX_BYTES_TEXT = "100m";
    /** Below this a cap would roll on every few frames. */
    public static final long MIN_MAX_BYTES = 4096;
    /** 64 KiB of DATA per stream once {@code H2SCOPE_TRACE_DATA=on}: a body's start, not a copy of the traffic. */
    public static final long DEFAULT_DATA_MAX = 64L << 10;
    static final String DEFAULT_DATA_MAX_TEXT = "64k";

    /** Everything off. */
    public static final TraceConfig OFF = new TraceConfig(allAt(TraceLevel.OFF), Optional.empty(),
            DEFAULT_MAX_BYTES, Optional.empty(), Optional.empty(), List.of(), LogFormat.TEXT, Redaction.DEFAULT, 0, Optional.empty());

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
                        + "; accepted: a Unix socket path, 127.0.0.1:PORT or [::1]:PORT");
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
        Redaction redaction = new Redaction(names(env, problems), flag(TRACE_REVEAL, env, problems));
        long dataMax = 0;
        if (flag(TRACE_DATA, env, problems)) {
            dataMax = DEFAULT_DATA_MAX;
            String cap = nonBlank(env.get(TRACE_DATA_MAX));
            if (cap != null) {
                dataMax = ByteSize.parse(TRACE_DATA_MAX, cap, 1, DEFAULT_DATA_MAX_TEXT, problems).orElse(DEFAULT_DATA_MAX);
            }
        }
        return new TraceConfig(levels, traceFile, maxBytes, keyLog, listen, problems, format, redaction, dataMax,
                only(env, problems));
    }

    /** {@code H2SCOPE_TRACE_ONLY}: a bad entry is reported and left out, its kind still a condition. */
    private static Optional<TraceOnly> only(Map<String, String> env, List<String> problems) {
        String value = nonBlank(env.get(TRACE_ONLY));
        if (value == null) {
            return Optional.empty();
        }
        TraceOnly only = TraceOnly.parse(TRACE_ONLY, value, problems);
        return only.all() ? Optional.empty() : Optional.of(only);
    }

    private static List<String> names(Map<String, String> env, List<String> problems) {
        String value = nonBlank(env.get(TRACE_REDACT));
        return value == null ? List.of() : Redaction.parseNames(TRACE_REDACT, value, problems);
    }

    /** An on/off variable: {@code 1}, {@code on}, {@code true}, {@code yes}, or the opposites; unset is off. */
    private static boolean flag(String variable, Map<String, String> env, List<String> problems) {
        String value = nonBlank(env.get(variable));
        if (value == null) {
            return false;
        }
        switch (value.toLowerCase(Locale.ROOT)) {
            case "1", "on", "true", "yes":
                return true;
            case "0", "off", "false", "no":
                return false;
            default:
                problems.add("ignoring " + variable + "=\"" + value + "\": not on or off; accepted: 1, on, true, yes"
                        + " or 0, off, false, no");
                return false;
        }
    }

    public TraceLevel level(TraceCategory category) {
        return levels.get(category);
    }

    /** Whether any category logs at all. */
    public boolean anyLogging() {
        return levels.values().stream().anyMatch(level -> level != TraceLevel.OFF);
    }

    /** A copy with {@code value} as the filter ({@code trace level --only}, tests). */
    public TraceConfig withTraceOnly(Optional<TraceOnly> value) {
        return new TraceConfig(levels, traceFile, traceMaxBytes, keyLogFile, traceListen, problems, logFormat, redaction,
                traceDataMax, value);
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
