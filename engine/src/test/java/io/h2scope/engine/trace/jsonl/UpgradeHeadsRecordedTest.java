package io.h2scope.engine.trace.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An h2c upgrade's HTTP/1.1 heads (RFC 7540 §3.2) are events like any other, so a JSONL recording keeps them: after
 * the connection's opening, before its first frame, on both ends.
 */
class UpgradeHeadsRecordedTest {

    @TempDir
    Path dir;

    private static H2Server.Builder server() {
        return H2Server.builder().handler(ex -> ex.respond(200, List.of(new HeaderField("content-type", "text/plain")),
                ByteBuffer.wrap("ok".getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void theEnginesClientAndServerRecordTheUpgradesHeads() throws Exception {
        Path serverFile = dir.resolve("server.jsonl");
        Path clientFile = dir.resolve("client.jsonl");
        try (JsonlTraceWriter serverTrace = new JsonlTraceWriter(serverFile, TraceConfig.DEFAULT_MAX_BYTES, System.err);
                JsonlTraceWriter clientTrace = new JsonlTraceWriter(clientFile, TraceConfig.DEFAULT_MAX_BYTES, System.err)) {
            H2Server server = server().traceSink(serverTrace).start();
            try (H2Client client = H2Client.newBuilder().h2cUpgrade(true).traceSink(clientTrace).build()) {
                assertEquals("ok", client.get(server.url() + "up?x=1").body());
            } finally {
                server.close();
            }
        }
        List<Http1Head> client = heads(clientFile);
        assertEquals(2, client.size(), () -> "the request sent and the 101 received: " + client);
        assertTrue(client.get(0).sent() && client.get(0).startLine().equals("GET /up?x=1 HTTP/1.1"), client::toString);
        assertTrue(client.get(0).head().contains("\nUpgrade: h2c"), client.get(0).head());
        assertTrue(!client.get(1).sent() && client.get(1).startLine().startsWith("HTTP/1.1 101 "), client::toString);
        List<Http1Head> server = heads(serverFile);
        assertEquals(2, server.size(), () -> "the request received and the 101 sent: " + server);
        assertTrue(!server.get(0).sent() && server.get(0).startLine().equals("GET /up?x=1 HTTP/1.1"), server::toString);
        assertTrue(server.get(1).sent() && server.get(1).startLine().startsWith("HTTP/1.1 101 "), server::toString);
    }

    @Test
    void curlsUpgradeRequestIsInTheServersRecording() throws Exception {
        String curl = onPath("curl");
        Path file = dir.resolve("curl.jsonl");
        try (JsonlTraceWriter trace = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES, System.err)) {
            H2Server server = server().traceSink(trace).start();
            try {
                Process p = new ProcessBuilder(curl, "-sS", "--http2", "-o", "/dev/null", server.url() + "curl")
                        .redirectErrorStream(true).start();
                assertTrue(p.waitFor(20, TimeUnit.SECONDS), "curl finished");
                assertEquals(0, p.exitValue(), () -> "curl: " + output(p));
            } finally {
                server.close();
            }
        }
        List<Http1Head> heads = heads(file);
        assertEquals(2, heads.size(), heads::toString);
        Http1Head request = heads.get(0);
        assertTrue(!request.sent() && request.startLine().equals("GET /curl HTTP/1.1"), request::toString);
        assertTrue(request.head().contains("\nUpgrade: h2c") && request.head().contains("\nHTTP2-Settings: "),
                request.head());
    }

    /** The recording's HTTP/1.1 heads, checked to come right after its opening. */
    private static List<Http1Head> heads(Path file) throws Exception {
        List<TraceEvent> events = JsonlTraceReader.read(file);
        assertInstanceOf(ConnectionOpened.class, events.get(0), "the opening comes first");
        List<Http1Head> heads = events.stream().filter(e -> e instanceof Http1Head).map(e -> (Http1Head) e).toList();
        assertEquals(heads, events.subList(1, 1 + heads.size()), "the heads follow the opening, before any frame");
        return heads;
    }

    private static String onPath(String tool) {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File f = new File(folder, tool);
            if (f.canExecute()) {
                return f.getPath();
            }
        }
        Assumptions.abort(tool + " is not on the PATH");
        return null;
    }

    private static String output(Process p) {
        try {
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
