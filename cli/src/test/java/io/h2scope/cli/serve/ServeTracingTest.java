package io.h2scope.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.jsonl.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's story: set environment variables on a running service and get a trace. Runs
 * {@code h2scope serve} as a separate process with H2SCOPE_TRACE_FILE and H2SCOPE_LOG (and H2SCOPE_LOG_FORMAT, or a
 * logback configuration of the user's own), makes requests with the JDK client, and checks the JSONL file and the
 * log lines.
 */
class ServeTracingTest {

    @Test
    void environmentVariablesSwitchOnTracingOfTheServer(@TempDir Path dir) throws Exception {
        Path traceFile = dir.resolve("trace.jsonl");
        Path log = dir.resolve("serve.log");
        Process server = ServeProcess.start(Map.of("H2SCOPE_TRACE_FILE", traceFile.toString(), "H2SCOPE_LOG",
                "frames=debug,conn=info"),
                List.of(), log, log);
        try {
            twoRequests(ServeProcess.awaitUrl(log, server));

            List<String> lines = awaitLines(traceFile, 4);
            assertTrue(lines.stream().allMatch(l -> l.startsWith("{\"v\":3,")), lines.get(0));
            assertTrue(lines.stream().anyMatch(l -> l.contains("\"dir\":\"recv\"") && l.contains("\"type_code\":1,")
                    && l.contains("[\":path\",\"/headers\"]")), String.join("\n", lines));
            // the log is written beside the recording, not before it: wait for the second request's frame line
            Await.until(() -> readQuietly(log).contains("recv HEADERS"),
                    () -> "the frame line of the second request (the first came by Upgrade): " + readQuietly(log));
            String text = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(text.contains("h2scope.conn") && text.contains("opened server"), text);
            assertTrue(text.contains("h2scope.frames") && text.contains("recv HEADERS"), text);
        } finally {
            ServeProcess.stop(server);
        }
    }

    /** The socket file of H2SCOPE_TRACE_LISTEN stayed behind when serve was stopped by SIGTERM. */
    @Test
    void theAttachSocketFileIsRemovedWhenServeStops(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("t.sock");
        Path log = dir.resolve("serve.log");
        Process server = ServeProcess.start(Map.of("H2SCOPE_TRACE_LISTEN", socket.toString()), List.of(), log, log);
        try {
            ServeProcess.awaitUrl(log, server);
            assertTrue(Files.exists(socket), readQuietly(log));
        } finally {
            ServeProcess.stop(server);
        }
        assertFalse(Files.exists(socket), readQuietly(log));
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(" + file + " unreadable: " + e.getMessage() + ")";
        }
    }

    @Test
    void jsonLogFormatWritesOneJsonObjectPerLine(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("serve.out");
        Path err = dir.resolve("serve.err");
        Process server = ServeProcess.start(Map.of("H2SCOPE_LOG", "frames=debug,conn=info", "H2SCOPE_LOG_FORMAT",
                "json"), List.of(),
                out, err);
        try {
            twoRequests(ServeProcess.awaitUrl(out, server));
            List<Map<String, Object>> lines = awaitJsonLines(err, "recv HEADERS");
            for (Map<String, Object> line : lines) {
                assertTrue(line.get("timestamp") instanceof Long, "epoch milliseconds: " + line);
                assertTrue(line.get("nanoseconds") instanceof Long, "nanoseconds within the second: " + line);
                assertTrue(String.valueOf(line.get("loggerName")).startsWith("h2scope."), line.toString());
                assertTrue(List.of("DEBUG", "INFO", "WARN").contains(line.get("level")), line.toString());
                assertTrue(fields(line).containsKey("conn"), "the connection id as a field: " + line);
                assertTrue(line.get("message") instanceof String, line.toString());
            }
            Map<String, Object> headers = lines.stream().filter(l -> String.valueOf(l.get("message"))
                    .contains("recv HEADERS")).findFirst().orElseThrow();
            assertEquals("h2scope.frames", headers.get("loggerName"));
            assertEquals("DEBUG", headers.get("level"));
            assertEquals(Map.of("conn", "1", "stream", "3", "dir", "recv", "type", "HEADERS"), fields(headers));
            assertTrue(lines.stream().anyMatch(l -> "h2scope.conn".equals(l.get("loggerName"))), "conn lines too");
        } finally {
            ServeProcess.stop(server);
        }
    }

    @Test
    void aUsersOwnLogbackConfigurationWins(@TempDir Path dir) throws Exception {
        Path frames = dir.resolve("frames.log");
        Path config = Files.writeString(dir.resolve("logback.xml"), """
                <configuration>
                  <appender name="FRAMES" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <encoder><pattern>%%logger %%msg%%n</pattern></encoder>
                  </appender>
                  <logger name="h2scope.frames" level="DEBUG" additivity="false"><appender-ref ref="FRAMES"/></logger>
                  <root level="OFF"/>
                </configuration>
                """.formatted(frames));
        Path out = dir.resolve("serve.out");
        Path err = dir.resolve("serve.err");
        // H2SCOPE_LOG asks for conn only, on standard error; the user's configuration sends frames to a file instead
        Process server = ServeProcess.start(Map.of("H2SCOPE_LOG", "conn=info"),
                List.of("-Dlogback.configurationFile=" + config),
                out, err);
        try {
            twoRequests(ServeProcess.awaitUrl(out, server));
            Await.until(() -> ServeProcess.contains(frames, "recv HEADERS"), "the frame lines in " + frames);
            String framesLog = Files.readString(frames);
            assertTrue(framesLog.lines().anyMatch(l -> l.startsWith("h2scope.frames conn=1 recv HEADERS")), framesLog);
            String stderr = Files.readString(err);
            assertTrue(stderr.lines().noneMatch(l -> l.contains("h2scope.")), "the built-in setup stayed out: " + stderr);
        } finally {
            ServeProcess.stop(server);
        }
    }

    /**
     * Two GETs of /headers with the JDK client: it upgrades from HTTP/1.1 on http:// URLs (the first request travels
     * in HTTP/1.1, so it is no HEADERS frame); the second request is a HEADERS frame on stream 3.
     */
    private static void twoRequests(String url) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .connectTimeout(Duration.ofSeconds(5)).build();
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url + "headers"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            assertEquals(HttpClient.Version.HTTP_2, response.version());
        }
    }

    /** Every line of {@code file} as a JSON object, once one line's message contains {@code awaited}. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> awaitJsonLines(Path file, String awaited) throws Exception {
        Await.until(() -> ServeProcess.contains(file, awaited), "a line with " + awaited + " in " + file);
        List<Map<String, Object>> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Object parsed = Json.parse(line);
            assertTrue(parsed instanceof Map, "a JSON object per line: " + line);
            lines.add((Map<String, Object>) parsed);
        }
        return lines;
    }

    /** logback's {@code kvpList} ({@code [{"conn":"1"},{"stream":"3"}]}) as one map. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> fields(Map<String, Object> line) {
        Map<String, Object> fields = new LinkedHashMap<>();
        if (line.get("kvpList") instanceof List<?> pairs) {
            for (Object pair : pairs) {
                fields.putAll((Map<String, Object>) pair);
            }
        }
        return fields;
    }

    private static List<String> awaitLines(Path file, int atLeast) throws Exception {
        long deadline = System.nanoTime() + Await.PATIENCE.toNanos();
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            if (Files.exists(file)) {
                lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                if (lines.size() >= atLeast && lines.stream().anyMatch(l -> l.contains("\"/headers\""))) {
                    return lines;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("trace file has " + lines.size() + " lines: " + lines);
    }
}
