package io.h2scope.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's story of issue 4: set environment variables on a running service and get a trace.
 * Runs {@code h2scope serve} as a separate process with H2SCOPE_TRACE_FILE and H2SCOPE_LOG, makes one
 * request with the JDK client, and checks the JSONL file and the log lines.
 */
class ServeTracingTest {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+/)");

    @Test
    void environmentVariablesSwitchOnTracingOfTheServer(@TempDir Path dir) throws Exception {
        Path traceFile = dir.resolve("trace.jsonl");
        Path log = dir.resolve("serve.log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "io.h2scope.cli.H2scopeCommand", "serve", "--h2c", "--port", "0")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("H2SCOPE_TRACE_FILE", traceFile.toString());
        pb.environment().put("H2SCOPE_LOG", "frames=debug,conn=info");
        Process server = pb.start();
        try {
            String url = awaitUrl(log, server);
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                    .connectTimeout(Duration.ofSeconds(5)).build();
            // the JDK client upgrades from HTTP/1.1 on http:// URLs (the first request travels in HTTP/1.1,
            // so it is no HEADERS frame); the second request is a HEADERS frame on stream 3
            for (int i = 0; i < 2; i++) {
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url + "headers"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode());
                assertEquals(HttpClient.Version.HTTP_2, response.version());
            }

            List<String> lines = awaitLines(traceFile, 4);
            assertTrue(lines.stream().allMatch(l -> l.startsWith("{\"v\":2")), lines.get(0));
            assertTrue(lines.stream().anyMatch(l -> l.contains("\"dir\":\"recv\"") && l.contains("\"HEADERS\"")
                    && l.contains("[\":path\",\"/headers\"]")), String.join("\n", lines));
            String text = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(text.contains("h2scope.conn") && text.contains("accepted"), text);
            assertTrue(text.contains("h2scope.frames") && text.contains("recv HEADERS"), text);
        } finally {
            server.destroy(); // SIGTERM: graceful shutdown
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), "serve did not stop on SIGTERM");
        }
    }

    private static String awaitUrl(Path log, Process server) throws Exception {
        long deadline = System.nanoTime() + Await.PATIENCE.toNanos();
        while (System.nanoTime() < deadline && server.isAlive()) {
            if (Files.exists(log)) {
                Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
                if (m.find()) {
                    return m.group(1);
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("serve did not start: " + (Files.exists(log) ? Files.readString(log) : "no output"));
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
