package io.h2scope.cli.trace;

import io.h2scope.cli.CommandRun;
import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TracePrintCommandTest {

    @TempDir
    Path dir;
    Path file;

    /** Records a GET with a cookie and its 200 response, both connections in one file. */
    @BeforeEach
    void record() throws Exception {
        file = dir.resolve("trace.jsonl");
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1 << 20, System.err)) {
            TraceSink sink = writer;
            Http2Connection[] server = new Http2Connection[1];
            Http2Connection client = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS.withTraceSink(1, sink),
                    event -> { }, 0);
            server[0] = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(2, sink), event -> {
                if (event instanceof Event.HeadersReceived h) {
                    server[0].sendHeaders(h.streamId(), List.of(new HeaderField(":status", "200")), true);
                }
            }, 0);
            client.openStream(List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                    new HeaderField(":authority", "a.example"), new HeaderField(":path", "/x"),
                    new HeaderField("cookie", "secret=1")), true);
            long now = 0;
            while (client.hasOutput() || server[0].hasOutput()) {
                now += 1000;
                move(client, server[0], now);
                move(server[0], client, now);
            }
        }
    }

    private static void move(Http2Connection from, Http2Connection to, long now) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        from.drainOutput(buffer);
        buffer.flip();
        if (buffer.hasRemaining()) {
            to.receive(buffer, now);
        }
    }


    @Test
    void aRecordingWithoutClockTimeIsPrintedRelativeWithANote() {
        CommandRun r = CommandRun.of("trace", "print", file.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("h2scope trace print: note: " + file + " has no clock time (it was recorded before recordings "
                + "carried one): times are seconds since each connection started", r.err().strip());
        assertTrue(r.out().lines().allMatch(l -> l.startsWith("[")), r.out());
        CommandRun since = CommandRun.of("trace", "print", file.toString(), "--since", "14:03");
        assertEquals(2, since.exit(), since.err());
        assertEquals("h2scope trace print: " + file + " has no clock time (it was recorded before recordings carried "
                + "one): --since and --until cannot apply; use --conn, --stream or --type", since.err().strip());
    }

    @Test
    void printsEveryEventOfARecording() {
        CommandRun r = CommandRun.of("trace", "print", file.toString());
        assertEquals(0, r.exit(), r.out());
        assertTrue(r.out().contains("conn=1 send HEADERS       stream=1 length="), r.out());
        assertTrue(r.out().contains(":path: /x, cookie: <redacted 8 bytes>}"), r.out());
        assertTrue(r.out().contains("conn=2 recv SETTINGS"), r.out());
        for (String kind : new String[] {"conn=1 opened client", "stream=1 idle -> open on send_headers",
                "window stream=1 send 0 -> 65535 on opened", "settings remote in force", "hpack encoder add :authority",
                "settings local acknowledged"}) {
            assertTrue(r.out().contains(kind), kind + " in " + r.out());
        }
        assertTrue(r.out().lines().filter(l -> l.matches(".* (send|recv) [A-Z_]+ .*"))
                .allMatch(l -> l.contains("| window conn send=")), r.out());
    }

    @Test
    void filtersByStreamTypeAndConnection() {
        CommandRun r = CommandRun.of("trace", "print", file.toString(), "--stream", "1", "--type", "headers", "--conn", "2");
        assertEquals(0, r.exit(), r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r.out());
        assertTrue(lines.get(0).contains("conn=2 send HEADERS") || lines.get(0).contains("conn=2 recv HEADERS"), r.out());
        assertFalse(r.out().contains("SETTINGS"), r.out());
    }

    @Test
    void revealShowsCredentials() {
        CommandRun r = CommandRun.of("trace", "print", "--reveal", file.toString());
        assertTrue(r.out().contains("cookie: secret=1"), r.out());
    }

    @Test
    void unknownTypeIsAUsageError() {
        CommandRun r = CommandRun.of("trace", "print", file.toString(), "--type", "HEDERS");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("unknown frame type \"HEDERS\"; accepted: DATA, HEADERS"), r.out());
    }

    /** An empty file printed a note that it "has no clock time (it was recorded before recordings carried one)". */
    @Test
    void anEmptyFileIsNamedAsSuch() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.jsonl"));
        CommandRun r = CommandRun.of("trace", "print", empty.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        assertEquals("h2scope trace print: " + empty + " holds no trace event (it is empty): give a file recorded with "
                + "H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)", r.errLine());
    }

    /** A writer killed mid-line leaves a last line cut short: the events before it are printed, and the cut is said. */
    @Test
    void aLastLineCutShortIsLeftOutAndSaid() throws Exception {
        String whole = Files.readString(file);
        long lines = whole.lines().count();
        Path cut = dir.resolve("cut.jsonl");
        Files.writeString(cut, whole + "{\"v\":3,\"kind\":\"frame\",\"conn\":1,\"t_");

        CommandRun r = CommandRun.of("trace", "print", cut.toString());

        assertEquals(0, r.exit(), r.err());
        assertEquals(CommandRun.of("trace", "print", file.toString()).out(), r.out());
        String note = "h2scope trace print: note: line " + (lines + 1) + " of " + cut + " is cut short (the writer "
                + "stopped mid-line): left out";
        assertTrue(r.err().lines().anyMatch(note::equals), r.err()); // beside the note that this test file has no clock
    }

    /** --stream -1 printed the connection's own events, --conn -1 nothing, both with exit 0. */
    @Test
    void aNegativeStreamOrConnectionIsAUsageError() {
        CommandRun r = CommandRun.of("trace", "print", file.toString(), "--stream", "-1");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope trace print: --stream -1 is no stream id: give 0 (the connection) or a stream's id, 1 to "
                + "2^31-1 (RFC 9113 \u00a75.1.1)", r.errLine());
        r = CommandRun.of("trace", "print", file.toString(), "--conn", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope trace print: --conn 0 is no connection id: give one the recording shows (conn=1, conn=2, "
                + "...)", r.errLine());
    }

    @Test
    void missingFileIsAUsageErrorThatSaysSo() {
        Path none = dir.resolve("none.jsonl");
        CommandRun r = CommandRun.of("trace", "print", none.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope trace print: Invalid value for positional parameter at index 0 (FILE): no such file '"
                + none + "'; check the path (see './h2scope trace print --help')", r.err().strip());
    }

    @Test
    void randomBytesAreNotATrace() throws Exception {
        Path random = Files.write(dir.resolve("random.bin"), new byte[] {(byte) 0x9f, 0x00, (byte) 0xff, (byte) 0xc3, 0x28});
        CommandRun r = CommandRun.of("trace", "print", random.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("h2scope trace print: not a JSONL trace: line 1 of " + random + ": not UTF-8 text; give a file "
                + "recorded with H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)", r.err().strip());
    }

    @Test
    void textThatIsNotJsonIsNotATrace() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello world\n");
        CommandRun r = CommandRun.of("trace", "print", text.toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().strip().startsWith("h2scope trace print: not a JSONL trace: line 1 of " + text + ": not JSON ("),
                r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertEquals("", r.out());
    }
}
