package io.h2scope.cli.trace;

import io.h2scope.cli.CommandRun;
import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.explain.ExplainLimits;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.live.LiveTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code trace explain}: a recording made by the engine's server, explained in full, briefly and as JSON; a clean one;
 * the live stream of a running server; its limits' flags; bad input on one line each.
 */
@Timeout(60)
class TraceExplainCommandTest {

    @TempDir
    Path dir;

    /** A client that opens with a valid preface, then sends DATA on stream 0 (RFC 9113 §6.1) and reads to the end. */
    private static void dataOnStreamZero(int port) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(Preface.bytes());
            out.write(FrameWriter.encode(SettingsFrame.of(List.of())));
            out.write(RawFrameWriter.frame(FrameType.DATA.code(), 0, 0, new byte[4]));
            out.flush();
            socket.getInputStream().readAllBytes(); // the server's GOAWAY, then its close
        }
    }

    /** What the engine's server recorded while {@code client} ran against it. */
    private Path recorded(ThrowingClient client) throws Exception {
        Path file = dir.resolve("trace.jsonl");
        JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES, System.err);
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(writer).start();
        try {
            client.run(server.port());
            Await.until(() -> holds(file, "\"kind\":\"closed\""), () -> "the close recorded");
        } finally {
            server.shutdown(Duration.ofSeconds(2));
            writer.close();
        }
        return file;
    }

    private static boolean holds(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private interface ThrowingClient {
        void run(int port) throws Exception;
    }

    @Test
    void aBrokenRuleIsExplainedInFullBrieflyAndAsJson() throws Exception {
        Path file = recorded(TraceExplainCommandTest::dataOnStreamZero);
        CommandRun full = CommandRun.of("trace", "explain", file.toString());
        assertEquals(0, full.exit(), full.err());
        String text = full.out();
        assertTrue(text.startsWith("CRITICAL "), text);
        assertTrue(text.contains(" UTC conn=1 We ended the connection with GOAWAY PROTOCOL_ERROR: the peer's DATA of 4 "
                + "octets broke frame/data-on-stream-zero\n"), text);
        assertTrue(text.contains("  recorded by: the server (\"we\") at 127.0.0.1:"), text);
        assertTrue(text.contains("  rule frame/data-on-stream-zero: RFC 9113 §6.1: \"If a DATA frame is received whose "
                + "Stream Identifier field is 0x00, the recipient MUST respond with a connection error (Section 5.4.1) "
                + "of type PROTOCOL_ERROR.\"\n"), text);
        assertTrue(text.contains(" The peer sent DATA of 4 octets, which broke frame/data-on-stream-zero\n"), text);
        assertTrue(text.contains(" We sent GOAWAY PROTOCOL_ERROR (last_stream=0"), text);

        CommandRun brief = CommandRun.of("trace", "explain", "--brief", file.toString());
        List<String> lines = brief.out().lines().toList();
        assertEquals(1, lines.size(), brief.out());
        assertTrue(lines.get(0).matches("CRITICAL \\d\\d:\\d\\d:\\d\\d\\.\\d{6} conn=1 We ended the connection with "
                + "GOAWAY PROTOCOL_ERROR: .*"), lines.get(0));

        CommandRun json = CommandRun.of("trace", "explain", "--json", file.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> o = (Map<String, Object>) Json.parse(json.out().strip());
        assertEquals("connection_ended", o.get("kind"));
        assertEquals("GOAWAY", o.get("frame"));
        assertEquals("PROTOCOL_ERROR", o.get("error"));
        assertEquals("frame/data-on-stream-zero", ((Map<?, ?>) o.get("rule")).get("id"));

        CommandRun other = CommandRun.of("trace", "explain", "--conn", "99", file.toString());
        assertEquals("Nothing to explain: 0 connections numbered 99, none ended other than cleanly, no stream was "
                + "reset, nothing stalled or went unanswered.\n", other.out());
    }

    @Test
    void aCleanRunHasNothingToExplain() throws Exception {
        Path file = recorded(port -> {
            try (H2Client client = H2Client.newBuilder().build()) {
                assertEquals(200, client.get("http://127.0.0.1:" + port + "/").status());
            }
        });
        CommandRun r = CommandRun.of("trace", "explain", file.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("Nothing to explain: 1 connection, none ended other than cleanly, no stream was reset, nothing "
                + "stalled or went unanswered.\n", r.out());
        assertEquals("", CommandRun.of("trace", "explain", "--json", file.toString()).out());
    }

    @Test
    void attachedToARunningServerEachFindingComesAsItIsKnown() throws Exception {
        Path socket = dir.resolve("t.sock");
        LiveTrace attach = LiveTrace.listening(ListenAddress.parse(socket.toString()),
                new PrintStream(new ByteArrayOutputStream()));
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(attach).start();
        StringWriter out = new StringWriter();
        CommandLine cli = H2scopeCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        CompletableFuture<Integer> explain = CompletableFuture.supplyAsync(() -> cli.execute("trace", "explain",
                "--brief", "--attach", socket.toString()));
        try {
            Await.until(() -> attach.status().readers() > 0, () -> "the reader attached: " + out);
            dataOnStreamZero(server.port());
            Await.until(() -> out.toString().contains("CRITICAL"), () -> "the finding printed: " + out);
        } finally {
            server.shutdown(Duration.ofSeconds(2));
            attach.close();
        }
        assertEquals(0, explain.get(20, TimeUnit.SECONDS), out.toString());
        assertTrue(out.toString().contains("We ended the connection with GOAWAY PROTOCOL_ERROR: the peer's DATA of 4 "
                + "octets broke frame/data-on-stream-zero"), out.toString());
    }

    @Test
    void eachLimitFlagReachesItsLimitAndTheDefaultsAreTheEngines() throws Exception {
        String file = Files.createFile(dir.resolve("x.jsonl")).toString();
        TraceExplainCommand command = new TraceExplainCommand();
        new CommandLine(command).parseArgs(file);
        assertEquals(ExplainLimits.DEFAULTS, command.limits());
        command = new TraceExplainCommand();
        new CommandLine(command).parseArgs("--history", "5", "--stall", "2s", "--unanswered", "500ms", file);
        assertEquals(new ExplainLimits(5, 2_000_000_000L, 500_000_000L), command.limits());
        CommandRun r = CommandRun.of("trace", "explain", "--history", "0", file);
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope trace explain: --history 0: keep at least 1 frame per connection", r.errLine());
        r = CommandRun.of("trace", "explain", "--stall", "999999999m", file); // was an ArithmeticException's stack trace
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope trace explain: Invalid value for option '--stall': '999999999m' is longer than a year: "
                + "give at most 525600m (see './h2scope trace explain --help')", r.errLine());
        String help = CommandRun.of("trace", "explain", "--help").out(); // said "(default: PT1S)"
        assertEquals(2, help.split("\\(default: 1s\\)", -1).length - 1, help);
        assertFalse(help.contains("PT1S"), help);
    }

    @Test
    void badInputIsOneLineEach() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.jsonl"));
        CommandRun r = CommandRun.of("trace", "explain", empty.toString());
        assertEquals(1, r.exit());
        assertEquals("h2scope trace explain: " + empty + " holds no trace event (it is empty): give a file recorded "
                + "with H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)", r.errLine());

        Path text = Files.writeString(dir.resolve("notes.txt"), "hello\n");
        r = CommandRun.of("trace", "explain", text.toString());
        assertEquals(1, r.exit());
        assertEquals("h2scope trace explain: not a JSONL trace: line 1 of " + text + ": not JSON (JSON: unexpected "
                + "character 'h' at offset 0); give a file recorded with H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)",
                r.errLine());

        Path nobody = dir.resolve("nobody.sock");
        r = CommandRun.of("trace", "explain", "--attach", nobody.toString());
        assertEquals(1, r.exit());
        assertTrue(r.errLine().startsWith("h2scope trace explain: no engine serves trace events on " + nobody + " ("),
                r.err());
        assertTrue(r.errLine().endsWith("check that it runs with H2SCOPE_TRACE_LISTEN=" + nobody), r.err());

        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse("127.0.0.1:0"),
                new PrintStream(new ByteArrayOutputStream()))) {
            String where = live.attachServer().orElseThrow().where();
            r = CommandRun.of("trace", "explain", "--attach", where, "--token", "nope");
            assertEquals(1, r.exit());
            assertEquals("h2scope trace explain: " + where + ": the engine refused the attach: wrong token; "
                    + "give the token it printed with --token", r.errLine());
        }

        r = CommandRun.of("trace", "explain");
        assertEquals(2, r.exit());
        assertTrue(r.errLine().startsWith("h2scope trace explain: Error: Missing required argument"), r.err());
    }
}
