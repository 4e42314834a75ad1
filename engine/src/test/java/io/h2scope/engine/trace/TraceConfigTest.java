package io.h2scope.engine.trace;

import io.h2scope.engine.trace.config.LogFormat;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.text.Redaction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceConfigTest {

    @Test
    void nothingSetIsOff() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of());
        assertTrue(config.isOff());
        assertEquals(TraceConfig.OFF, config);
    }

    @Test
    void oneLevelForEveryCategory() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", " DEBUG "));
        for (TraceCategory category : TraceCategory.values()) {
            assertEquals(TraceLevel.DEBUG, config.level(category));
        }
        assertEquals(0, config.problems().size());
    }

    @Test
    void perCategoryWithABareDefault() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", "frames=debug, hpack=trace,info"));
        assertEquals(TraceLevel.DEBUG, config.level(TraceCategory.FRAMES));
        assertEquals(TraceLevel.TRACE, config.level(TraceCategory.HPACK));
        assertEquals(TraceLevel.INFO, config.level(TraceCategory.FLOW));
        assertEquals(TraceLevel.INFO, config.level(TraceCategory.CONN));
    }

    @Test
    void debugHttp2LogIsAnAliasAndH2scopeLogWins() {
        assertEquals(TraceLevel.WARN,
                TraceConfig.fromEnvironment(Map.of("DEBUG_HTTP2_LOG", "warn")).level(TraceCategory.STATE));
        TraceConfig both = TraceConfig.fromEnvironment(Map.of("DEBUG_HTTP2_LOG", "warn", "H2SCOPE_LOG", "error"));
        assertEquals(TraceLevel.ERROR, both.level(TraceCategory.STATE));
    }

    @Test
    void badEntryIsReportedAndTheRestKept() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", "frames=loud,flow=debug,bogus=info"));
        assertEquals(TraceLevel.OFF, config.level(TraceCategory.FRAMES));
        assertEquals(TraceLevel.DEBUG, config.level(TraceCategory.FLOW));
        assertEquals(2, config.problems().size());
        String first = config.problems().get(0);
        assertTrue(first.contains("H2SCOPE_LOG") && first.contains("frames=loud") && first.contains("unknown level \"loud\"")
                && first.contains("accepted: one level (off, error, warn, info, debug, trace)"), first);
        assertTrue(config.problems().get(1).contains("unknown category \"bogus\""), config.problems().get(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"verbose", "1", "yes please"})
    void badSingleLevelIsIgnored(String value) {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", value));
        assertTrue(config.isOff());
        assertEquals(1, config.problems().size());
        assertTrue(config.problems().get(0).startsWith("ignoring H2SCOPE_LOG=\"" + value + "\": unknown level"));
    }

    @Test
    void logFormatIsTextUnlessJsonIsAskedFor() {
        assertEquals(LogFormat.TEXT, TraceConfig.fromEnvironment(Map.of()).logFormat());
        assertEquals(LogFormat.JSON, TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG_FORMAT", " JSON ")).logFormat());
        TraceConfig bad = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG_FORMAT", "xml"));
        assertEquals(LogFormat.TEXT, bad.logFormat());
        assertEquals(List.of("ignoring H2SCOPE_LOG_FORMAT=\"xml\": not a log format; accepted: text, json"),
                bad.problems());
    }

    @Test
    void aListenAddressWithoutItsPortIsIgnoredSayingHowToWriteIt() {
        TraceConfig ipv6 = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_LISTEN", "::1"));
        assertEquals(Optional.empty(), ipv6.traceListen());
        assertEquals(List.of("ignoring H2SCOPE_TRACE_LISTEN=\"::1\": no port after the IPv6 address (write an address "
                + "with a port in brackets, such as [::1]:7000); accepted: a Unix socket path, 127.0.0.1:PORT or "
                + "[::1]:PORT"), ipv6.problems());
    }

    @Test
    void badAliasNamesTheAlias() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("DEBUG_HTTP2_LOG", "2"));
        assertTrue(config.problems().get(0).contains("DEBUG_HTTP2_LOG"), config.problems().get(0));
    }

    @Test
    void filesAndSizeCap() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_FILE", "/tmp/t.jsonl",
                "H2SCOPE_TRACE_MAX_BYTES", "10m", "SSLKEYLOGFILE", "/tmp/keys.log"));
        assertEquals(Optional.of(Path.of("/tmp/t.jsonl")), config.traceFile());
        assertEquals(10L << 20, config.traceMaxBytes());
        assertEquals(Optional.of(Path.of("/tmp/keys.log")), config.keyLogFile());
        assertEquals(5000, TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_MAX_BYTES", "5000")).traceMaxBytes());
        assertEquals(2L << 10, TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_MAX_BYTES", "8K")).traceMaxBytes() / 4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lots", "-5", "0", "12x", "100", "99999999999999999g"})
    void badSizeCapKeepsTheDefault(String value) {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_MAX_BYTES", value));
        assertEquals(TraceConfig.DEFAULT_MAX_BYTES, config.traceMaxBytes());
        assertEquals(1, config.problems().size());
        String problem = config.problems().get(0);
        assertTrue(problem.contains("H2SCOPE_TRACE_MAX_BYTES=\"" + value + "\"") && problem.contains("accepted:"), problem);
    }

    @Test
    void invalidPathIsReported() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_FILE", "bad\0path"));
        assertTrue(config.traceFile().isEmpty());
        assertTrue(config.problems().get(0).contains("H2SCOPE_TRACE_FILE"), config.problems().get(0));
    }

    @Test
    void unopenableTraceFileIsReportedNotThrown() {
        var errors = new java.io.ByteArrayOutputStream();
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_FILE", "/proc/no/such/dir/t.jsonl"));
        TraceSink sink = TraceSinks.fromConfig(config, new RecordingLog(config), new java.io.PrintStream(errors, true));
        assertEquals(TraceSink.NONE, sink);
        assertTrue(errors.toString().contains("ignoring H2SCOPE_TRACE_FILE"), errors.toString());
    }

    @Test
    void credentialsAreHiddenByDefaultAndTheListGrowsWithH2scopeTraceRedact() {
        TraceConfig none = TraceConfig.fromEnvironment(Map.of());
        assertEquals(Redaction.DEFAULT, none.redaction());
        assertEquals(0, none.traceDataMax(), "DATA is not kept unless asked");
        TraceConfig more = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_REDACT", "X-Api-Key, x-session,,bad name"));
        assertEquals(List.of("authorization", "cookie", "proxy-authorization", "set-cookie", "x-api-key", "x-session"),
                more.redaction().names());
        assertEquals(1, more.problems().size());
        assertTrue(more.problems().get(0).startsWith("ignoring entry \"bad name\" of H2SCOPE_TRACE_REDACT="),
                more.problems().get(0));
        assertTrue(more.isOff(), "naming fields switches nothing on");
    }

    @Test
    void revealingIsOneSwitch() {
        assertTrue(TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_REVEAL", "1")).redaction().reveal());
        assertTrue(TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_REVEAL", "on")).redaction().reveal());
        TraceConfig no = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_REVEAL", "please"));
        assertEquals(false, no.redaction().reveal());
        assertEquals("ignoring H2SCOPE_TRACE_REVEAL=\"please\": not on or off; accepted: 1, on, true, yes or 0, off,"
                + " false, no", no.problems().get(0));
    }

    @Test
    void dataIsKeptUpToItsCapOnceSwitchedOn() {
        assertEquals(TraceConfig.DEFAULT_DATA_MAX,
                TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_DATA", "on")).traceDataMax());
        assertEquals(1024, TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_DATA", "on",
                "H2SCOPE_TRACE_DATA_MAX", "1k")).traceDataMax());
        assertEquals(0, TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_DATA_MAX", "1k")).traceDataMax(),
                "a cap alone keeps nothing");
        TraceConfig bad = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_DATA", "on", "H2SCOPE_TRACE_DATA_MAX", "lots"));
        assertEquals(TraceConfig.DEFAULT_DATA_MAX, bad.traceDataMax());
        assertTrue(bad.problems().get(0).contains("H2SCOPE_TRACE_DATA_MAX=\"lots\": not a number")
                && bad.problems().get(0).endsWith("using the default of 64k"), bad.problems().get(0));
    }
}
