package io.h2scope.cli.trace;

import io.h2scope.cli.CommandRun;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Huffman;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.log.CategoryLog;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.redact.SecretScan;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.export.ExportScope;
import io.h2scope.inspector.export.PcapngExport;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.DetailNode;
import io.h2scope.inspector.model.FrameDetail;
import io.h2scope.inspector.model.filter.FrameFilter;
import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.HpackTableAsOf;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.RecordingFileSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The engine's reference server traced as the environment asks, as an operator would run it (a log, a JSONL file and
 * the attach socket at once, with {@code H2SCOPE_TRACE_REDACT=x-api-key}), answering curl, and two requests on one
 * connection each from nghttp, the JDK's client (h2c by Upgrade: the credentials in its HTTP/1.1 head too) and the
 * engine's client: {@code authorization: Bearer secret123}, a cookie and an {@code x-api-key}, which the second
 * request sends again from the dynamic table (nghttp's x-api-key, the engine client's cookie). None of the secrets is in any byte of the log,
 * the recording, the attach stream, {@code trace print}, the pcapng export or the inspector's views, and every block
 * still decodes; with {@code H2SCOPE_TRACE_REVEAL=1} they are, and the recording says so.
 */
class SafeByDefaultTest {

    private static final String BEARER = "Bearer secret123";
    /** 20 octets or more: the engine's client indexes it (shorter cookies are never indexed). */
    private static final String COOKIE = "session=cookie-secret-0123456789";
    private static final String API_KEY = "apikey-secret-4242";
    /** The server's connections: curl's, nghttp's, the JDK client's and the engine client's. */
    private static final int CONNECTIONS = 4;
    /** What must not show, whole or in part. */
    private static final List<String> SECRETS = List.of("secret123", "cookie-secret", "apikey-secret", BEARER, COOKIE,
            API_KEY);

    @TempDir
    Path dir;

    @Test
    void noSinkNorViewHoldsACredential() throws Exception {
        Traced traced = serve(Map.of());

        String recording = Files.readString(traced.file());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(traced.file())));
        List<TraceEvent> events = JsonlTraceReader.read(traced.file());
        assertNothingOf(recording, "the recording");
        assertEquals(List.of(), SecretScan.findings(events, SECRETS), "the recording's fields and octets");
        List<ConnectionOpened> openings = events.stream().filter(e -> e instanceof ConnectionOpened)
                .map(e -> (ConnectionOpened) e).toList();
        assertEquals(CONNECTIONS, openings.size());
        for (ConnectionOpened o : openings) {
            assertTrue(o.privacy().redacted().contains("x-api-key"), o.toString());
            assertFalse(o.privacy().revealed());
            assertEquals(0, o.privacy().dataMax());
        }
        assertTrue(recording.contains("\"redact\":[\"authorization\",\"cookie\",\"proxy-authorization\",\"set-cookie\","
                + "\"x-api-key\"],\"data_max\":0"), recording);
        assertReusedEntriesDecodeToTheirFiller(events);

        String log = String.join("\n", traced.log());
        assertNothingOf(log, "the log");
        assertTrue(log.contains("authorization: <redacted 16 bytes>") && log.contains("x-api-key: <redacted 18 bytes>"),
                log);
        assertTrue(log.contains("HTTP/1.1 received: GET /headers HTTP/1.1 | ") && log.contains(
                "| x-api-key: <redacted 18 bytes>"), "the JDK client's upgrade head: " + log);

        String attach = new String(traced.attach(), StandardCharsets.ISO_8859_1);
        assertNothingOf(attach, "the attach stream");
        assertEquals(List.of(), SecretScan.findings(attachEvents(traced.attach()), SECRETS), "the attach stream's octets");

        for (String[] args : new String[][] {{"trace", "print", "--hpack", traced.file().toString()},
                {"trace", "print", "--hpack", "--reveal", traced.file().toString()}}) {
            CommandRun printed = CommandRun.of(args);
            assertEquals(0, printed.exit(), printed.err());
            assertNothingOf(printed.out() + printed.err(), String.join(" ", args));
            assertTrue(printed.out().contains("x-api-key: <redacted 18 bytes>"), printed.out());
        }

        Recording model = open(traced.file(), Redaction.DEFAULT);
        StringBuilder shown = new StringBuilder();
        int redactedShown = 0;
        for (int f = 0; f < model.frameCount(); f++) {
            String summary = FrameSummary.of(model, f);
            redactedShown += summary.contains("<redacted ") ? 1 : 0;
            shown.append(summary).append('\n');
            flatten(FrameDetail.of(model, f), shown);
            assertFalse(FrameFilter.ALL.withText("redacted").matches(model, f), "a placeholder is not content: " + summary);
        }
        assertTrue(redactedShown >= 4, shown.toString());
        for (ConnectionHistory connection : model.connections()) {
            int last = connection.frameNumber(connection.frameCount() - 1);
            for (HpackContext context : HpackContext.values()) {
                for (HpackTableAsOf.Row row : HpackTableAsOf.of(connection, last, context).rows()) {
                    shown.append(connection.redaction().value(row.name(), row.value())).append('\n');
                }
            }
        }
        assertNothingOf(shown.toString(), "the inspector's views");
        assertTrue(shown.toString().contains("x-api-key: <redacted 18 bytes>")
                || shown.toString().contains("<redacted 18 bytes>"), shown.toString());

        ByteArrayOutputStream pcapng = new ByteArrayOutputStream();
        PcapngExport.write(model, ExportScope.everything(model), pcapng);
        assertNothingOf(new String(pcapng.toByteArray(), StandardCharsets.ISO_8859_1), "the pcapng export");
        for (String secret : List.of(BEARER, COOKIE, API_KEY)) {
            assertFalse(contains(pcapng.toByteArray(), Huffman.encode(secret)), secret + " Huffman-coded in the pcapng");
        }
        assertTsharkDecodesTheExportWithoutTheSecrets(pcapng.toByteArray());
    }

    @Test
    void revealingShowsTheCredentialsAndSaysSo() throws Exception {
        Traced traced = serve(Map.of("H2SCOPE_TRACE_REVEAL", "1", "H2SCOPE_TRACE_DATA", "on"));
        String recording = Files.readString(traced.file());
        for (String secret : List.of(BEARER, COOKIE, API_KEY)) {
            assertTrue(recording.contains(secret), secret);
        }
        assertTrue(recording.contains("\"x-api-key\"],\"reveal\":true,\"data_max\":65536}"), recording);
        assertTrue(SecretScan.findings(JsonlTraceReader.read(traced.file()), SECRETS).stream()
                .anyMatch(f -> f.startsWith("octets of")), "the scan finds them in the octets when they are there");
        assertTrue(String.join("\n", traced.log()).contains("authorization: " + BEARER));

        CommandRun hidden = CommandRun.of("trace", "print", traced.file().toString());
        assertNothingOf(hidden.out(), "trace print without --reveal");
        assertEquals("h2scope: " + traced.file() + " holds credentials in clear (recorded with H2SCOPE_TRACE_REVEAL=1):"
                + " hidden here; --reveal shows them", hidden.err().strip());
        assertTrue(hidden.out().contains(" REVEALED (credentials in clear) data=65536 octets a stream"), hidden.out());
        CommandRun shown = CommandRun.of("trace", "print", "--reveal", traced.file().toString());
        assertTrue(shown.out().contains("authorization: " + BEARER) && shown.out().contains("x-api-key: " + API_KEY),
                shown.out());
        assertTrue(shown.out().contains("data=\"{\\\"method\\\""), "the /headers answer's DATA is kept: " + shown.out());

        Inspection hiding = new Inspection(Redaction.DEFAULT.withNames(List.of("x-api-key")));
        Recording hidingModel = load(hiding, traced.file());
        StringBuilder views = new StringBuilder();
        for (int f = 0; f < hidingModel.frameCount(); f++) {
            views.append(FrameSummary.of(hidingModel, f)).append('\n');
            flatten(FrameDetail.of(hidingModel, f), views);
        }
        assertNothingOf(views.toString(), "the inspector without --reveal");
        assertTrue(hiding.privacyNote().startsWith("a recording holds credentials in clear"), hiding.privacyNote());
        Inspection revealing = new Inspection(Redaction.DEFAULT.revealing(true));
        Recording revealingModel = load(revealing, traced.file());
        StringBuilder revealed = new StringBuilder();
        for (int f = 0; f < revealingModel.frameCount(); f++) {
            revealed.append(FrameSummary.of(revealingModel, f)).append('\n');
        }
        assertTrue(revealed.toString().contains("authorization: " + BEARER), revealed.toString());
        assertEquals("credentials shown in clear (--reveal)", revealing.privacyNote());
    }

    // ---------------------------------------------------------------- the run

    private record Traced(Path file, List<String> log, byte[] attach) {
    }

    /** The reference server traced as {@code more} and the defaults below say, answering curl and the engine client. */
    private Traced serve(Map<String, String> more) throws Exception {
        Path file = dir.resolve("trace.jsonl");
        Path socket = dir.resolve("trace.sock");
        Map<String, String> env = new HashMap<>(Map.of("H2SCOPE_LOG", "frames=debug,hpack=debug,conn=info",
                "H2SCOPE_TRACE_FILE", file.toString(), "H2SCOPE_TRACE_LISTEN", socket.toString(),
                "H2SCOPE_TRACE_REDACT", "x-api-key"));
        env.putAll(more);
        TraceConfig config = TraceConfig.fromEnvironment(env);
        assertEquals(List.of(), config.problems());
        Lines log = new Lines(config);
        TraceSink sink = TraceSinks.fromConfig(config, log, System.err);
        LiveTrace live = assertInstanceOf(LiveTrace.class, sink, "H2SCOPE_TRACE_LISTEN makes a live trace");
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).port(0).traceSink(sink).start();
        try (AttachStream attach = new AttachStream(socket, live)) {
            try {
                String url = "http://127.0.0.1:" + server.port() + "/headers";
                run("curl", "-sS", "--http2-prior-knowledge", "-o", "/dev/null", "-H", "authorization: " + BEARER,
                        "-H", "cookie: " + COOKIE, "-H", "x-api-key: " + API_KEY, url);
                // two requests on one connection: nghttp2 indexes x-api-key in the first, refers to it in the second
                run("nghttp", "-n", "-H", "authorization: " + BEARER, "-H", "cookie: " + COOKIE, "-H",
                        "x-api-key: " + API_KEY, url, url);
                HttpClient jdk = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build(); // h2c by Upgrade
                try (H2Client engine = H2Client.newBuilder().maxRetries(0).build()) {
                    for (int i = 0; i < 2; i++) {
                        HttpResponse<String> answer = jdk.send(HttpRequest.newBuilder(URI.create(url))
                                .header("authorization", BEARER).header("cookie", COOKIE).header("x-api-key", API_KEY)
                                .build(), HttpResponse.BodyHandlers.ofString());
                        assertEquals(200, answer.statusCode());
                        assertEquals(HttpClient.Version.HTTP_2, answer.version());
                        H2Request request = H2Request.newBuilder(url).header("authorization", BEARER)
                                .header("cookie", COOKIE).header("x-api-key", API_KEY).GET().build();
                        assertEquals(200, engine.send(request, BodyHandlers.ofString()).status());
                    }
                }
            } finally {
                server.shutdown(Duration.ofSeconds(2)); // the JDK's client keeps its connection: this closes it
            }
            waitFor(() -> count(Files.readString(file), "\"kind\":\"closed\"") == CONNECTIONS, "the recording's closes");
            waitFor(() -> count(attach.text(), "\"kind\":\"closed\"") == CONNECTIONS, "the attach stream's closes");
            return new Traced(file, log.lines, attach.octets());
        }
    }

    /** Runs {@code command} to its end; it must succeed. */
    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), command[0] + " did not finish");
        assertEquals(0, p.exitValue(), command[0] + ": " + out);
    }

    /** The live stream of {@code H2SCOPE_TRACE_LISTEN}, every octet kept, read on a thread of its own. */
    private static final class AttachStream implements AutoCloseable {
        private final SocketChannel channel;
        private final ByteArrayOutputStream read = new ByteArrayOutputStream();
        private final Thread reader;

        AttachStream(Path socket, LiveTrace live) throws Exception {
            channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap(new byte[] {'\n'})); // a reader's first line
            reader = new Thread(this::read, "attach-reader");
            reader.start();
            // the server registers the reader after accepting it: once it has, no event of the run is missed
            Await.until(() -> live.status().readers() > 0, "the attach reader registered");
        }

        private void read() {
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            try {
                while (channel.read(buffer.clear()) >= 0) {
                    synchronized (read) {
                        read.write(buffer.array(), 0, buffer.position());
                    }
                }
            } catch (IOException closed) {
                // the test is done with it
            }
        }

        byte[] octets() {
            synchronized (read) {
                return read.toByteArray();
            }
        }

        String text() {
            return new String(octets(), StandardCharsets.ISO_8859_1);
        }

        @Override
        public void close() throws Exception {
            channel.close();
            reader.join(Await.PATIENCE.toMillis());
        }
    }

    /** A log that keeps every line of every category, at the levels of the configuration. */
    private static final class Lines implements CategoryLog {
        final List<String> lines = new CopyOnWriteArrayList<>();
        private final TraceConfig config;

        Lines(TraceConfig config) {
            this.config = config;
        }

        @Override
        public boolean isEnabled(TraceCategory category, TraceLevel level) {
            return config.level(category).shows(level);
        }

        @Override
        public void log(TraceCategory category, TraceLevel level, String message) {
            lines.add(message);
        }
    }

    // ---------------------------------------------------------------- checks

    /**
     * The second request of each client refers to the table entries the first made: as recorded, those fields are
     * the entries' filler, and the blocks decoded again from their octets alone give values of the same lengths.
     */
    private static void assertReusedEntriesDecodeToTheirFiller(List<TraceEvent> events) {
        int reused = 0;
        for (TraceEvent e : events) {
            if (e instanceof FrameEvent f && f.hpack() != null) {
                for (var line : f.hpack().lines()) {
                    if (line.representation() == io.h2scope.engine.hpack.Representation.INDEXED
                            && (line.name().equals("x-api-key") || line.name().equals("cookie"))) {
                        reused++;
                        assertEquals(Redaction.filler(line.name().equals("cookie") ? COOKIE.length() : API_KEY.length()),
                                line.value());
                    }
                }
            }
        }
        assertTrue(reused >= 2, "the second requests index x-api-key (curl) and the cookie (the engine's client)");
        for (List<HeaderField> block : SecretScan.decodedAgain(events)) {
            for (HeaderField field : block) {
                if (field.name().equals("x-api-key")) {
                    assertEquals(API_KEY.length(), field.value().length());
                }
            }
        }
    }

    private static void assertTsharkDecodesTheExportWithoutTheSecrets(byte[] pcapng) throws Exception {
        assumeTrue(onPath("tshark"), "tshark is not installed: apt-get install tshark to run this check");
        Path file = Files.createTempFile("safe", ".pcapng");
        try {
            Files.write(file, pcapng);
            Process tshark = new ProcessBuilder("tshark", "-r", file.toString(), "-o", "tcp.desegment_tcp_streams:TRUE",
                    "-d", "tcp.port==" + PcapngExport.SERVER_PORT + ",http2", "-Y", "http2.header", "-T", "fields",
                    "-e", "http2.header.name", "-e", "http2.header.value").redirectErrorStream(true).start();
            String out = new String(tshark.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(tshark.waitFor(60, TimeUnit.SECONDS), "tshark did not finish");
            assertNothingOf(out, "tshark's reading of the pcapng export");
            assertTrue(out.contains("x-api-key") && out.contains(":path"), "tshark decoded the field blocks: " + out);
            assertFalse(out.toLowerCase().contains("decompression failed"), out);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void assertNothingOf(String text, String where) {
        for (String secret : SECRETS) {
            assertFalse(text.contains(secret), secret + " in " + where + ":\n" + text);
        }
    }

    private static List<TraceEvent> attachEvents(byte[] octets) throws Exception {
        List<TraceEvent> events = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < octets.length; i++) {
            if (octets[i] == '\n') {
                TraceEvent e = JsonlLineDecoder.decode(octets, from, i, events.size() + 1);
                if (e != null) {
                    events.add(e);
                }
                from = i + 1;
            }
        }
        return events;
    }

    private Recording open(Path file, Redaction redaction) throws Exception {
        return load(new Inspection(redaction), file);
    }

    /** {@code file} loaded by the inspector's own file source into {@code inspection}, to its end. */
    private static Recording load(Inspection inspection, Path file) throws Exception {
        CountDownLatch ended = new CountDownLatch(1);
        inspection.addNoticeListener(n -> {
            if (n.ended()) {
                ended.countDown();
            }
        });
        inspection.open(new RecordingFileSource(file));
        assertTrue(ended.await(30, TimeUnit.SECONDS), "the recording did not load");
        return inspection.recording();
    }

    private static void flatten(DetailNode node, StringBuilder out) {
        out.append(node.name()).append(": ").append(node.value()).append('\n');
        for (DetailNode child : node.children()) {
            flatten(child, out);
        }
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    private static void waitFor(Check check, String what) throws Exception {
        long end = System.nanoTime() + Await.PATIENCE.toNanos();
        while (!check.holds()) {
            assertTrue(System.nanoTime() < end, "waited " + Await.PATIENCE.toSeconds() + " s for " + what);
            Thread.sleep(50);
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static boolean contains(byte[] in, byte[] what) {
        return new String(in, StandardCharsets.ISO_8859_1).contains(new String(what, StandardCharsets.ISO_8859_1));
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
