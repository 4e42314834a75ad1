package io.h2scope.cli.trace;

import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code trace follow --attach} prints a running engine's events as text, a snapshot first, until it closes. */
@Timeout(60)
class TraceFollowCommandTest {

    @TempDir
    Path dir;

    private record Run(int status, String out) {
    }

    private static Run run(String... args) {
        return run(new StringWriter(), args);
    }

    /** Runs the command with its output in {@code out}, which another thread may read while it runs. */
    private static Run run(StringWriter out, String... args) {
        CommandLine cli = H2scopeCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        return new Run(cli.execute(args), out.toString());
    }

    @Test
    void attachPrintsTheSnapshotThenTheEventsUntilTheEngineCloses() throws Exception {
        Path socket = dir.resolve("t.sock");
        LiveTrace attach = LiveTrace.listening(ListenAddress.parse(socket.toString()), new PrintStream(new ByteArrayOutputStream()));
        attach.onEvent(ConnectionOpened.of(4, 0, Role.SERVER)); // open before the reader comes: in its snapshot
        StringWriter out = new StringWriter();
        CompletableFuture<Run> follow = CompletableFuture.supplyAsync(() -> run(out, "trace", "follow", "--attach",
                socket.toString()));
        Await.until(() -> out.toString().contains("snapshot"), () -> "the reader attached: " + out); // then it gets every event
        attach.onEvent(new WindowChanged(4, 10, 0, WindowSide.RECEIVE, 65_535, 100, WindowCause.DATA));
        attach.onEvent(new ConnectionClosed(4, 20, null, ConnectionClosed.Cause.TRANSPORT_CLOSED, -1, -1, "", null, 1, 2, 3, 4));
        Await.until(() -> out.toString().contains("closed by transport"), () -> "the events printed: " + out);
        attach.close();
        Run r = follow.get();
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("conn=4 snapshot 0 live streams, window conn send=65535 recv=65535"), r.out());
        assertTrue(r.out().contains("conn=4 window conn recv 65535 -> 100 on data"), r.out());
        assertTrue(r.out().contains("conn=4 closed by transport: transport_closed"), r.out());
    }

    @Test
    void aGrowingRecordingIsPrintedOnTheClockOrRelativeWhenAsked() throws Exception {
        Path file = dir.resolve("t.jsonl");
        Instant opened = Instant.parse("2026-03-01T23:59:59.500000Z");
        java.nio.file.Files.writeString(file, TraceEventJson.write(new ConnectionOpened(7, 0, Role.SERVER, "127.0.0.1:8443",
                "127.0.0.1:50000", "tcp", null, null, null, null, -1, opened)) + "\n"
                + TraceEventJson.write(new WindowChanged(7, 250_000_000L, 0, WindowSide.RECEIVE, 65_535, 100,
                WindowCause.DATA)) + "\n"
                + TraceEventJson.write(new WindowChanged(7, 750_000_000L, 0, WindowSide.RECEIVE, 100, 65_535,
                WindowCause.WINDOW_UPDATE)) + "\n"
                + TraceEventJson.write(new WindowChanged(9, 1_000_000L, 0, WindowSide.RECEIVE, 65_535, 1,
                WindowCause.DATA)) + "\n"); // a connection whose opening is not in the file
        String clock = followUntil(file, "65535 -> 1 on data");
        assertTrue(clock.contains("--- 2026-03-01 UTC ---\n23:59:59.500000 conn=7 opened server"), clock);
        assertTrue(clock.contains("\n23:59:59.750000 conn=7 window conn recv 65535 -> 100 on data"), clock);
        assertTrue(clock.contains("--- 2026-03-02 UTC ---\n00:00:00.250000 conn=7 window conn recv 100 -> 65535"), clock);
        assertTrue(clock.contains("[   0.001000] conn=9 window conn recv 65535 -> 1 on data"), clock);
        String relative = followUntil(file, "65535 -> 1 on data", "--relative");
        assertTrue(relative.contains("[   0.250000] conn=7 window conn recv 65535 -> 100 on data"), relative);
        assertTrue(!relative.contains("---"), relative);
    }

    /** Follows {@code file} until {@code last} is printed, then interrupts the follow; its output. */
    private static String followUntil(Path file, String last, String... options) throws Exception {
        StringWriter out = new StringWriter();
        String[] args = new String[3 + options.length];
        args[0] = "trace";
        args[1] = "follow";
        System.arraycopy(options, 0, args, 2, options.length);
        args[args.length - 1] = file.toString();
        CompletableFuture<Run> follow = new CompletableFuture<>();
        Thread follower = new Thread(() -> follow.complete(run(out, args)));
        follower.start();
        Await.until(() -> out.toString().contains(last), () -> "the follow printed: " + out);
        follower.interrupt(); // what ends a follow of a file when it is embedded
        Run r = follow.get();
        assertEquals(0, r.status(), r.out());
        return r.out().replace("\r\n", "\n");
    }

    /** A folder was "Is a directory" with exit 1; a binary file without a line end was followed for ever. */
    @Test
    void aFolderIsAUsageErrorAndAFileThatIsNoTraceIsNamedAtOnce() throws Exception {
        Run folder = run("trace", "follow", dir.toString());
        assertEquals(2, folder.status(), folder.out());
        assertEquals("h2scope trace follow: Invalid value for positional parameter at index 0 (FILE): '" + dir
                + "' is a directory; give a file (see './h2scope trace follow --help')", folder.out().strip());
        Path binary = java.nio.file.Files.write(dir.resolve("a.out"), new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        Run r = run("trace", "follow", binary.toString());
        assertEquals(1, r.status(), r.out());
        assertEquals("h2scope trace follow: not a trace event: line 1 of " + binary + ": not JSON (it does not start "
                + "with '{'), and no line end follows", r.out().strip());
    }

    @Test
    void aWrongTokenIsRefusedWithWhatToDo() throws Exception {
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse("127.0.0.1:0"), new PrintStream(new ByteArrayOutputStream()))) {
            String where = live.attachServer().orElseThrow().where();
            Run r = run("trace", "follow", "--attach", where, "--token", "nope");
            assertEquals(1, r.status(), r.out());
            assertTrue(r.out().contains("h2scope trace follow: " + where + ": the engine refused the attach: wrong token; "
                    + "give the token it printed with --token"), r.out());
        }
    }

    @Test
    void aSocketClosedMidEventIsNamedByItsOffsetAfterEveryGoodEvent() throws Exception {
        Path socket = dir.resolve("cut.sock");
        WindowChanged good = new WindowChanged(6, 10, 0, WindowSide.RECEIVE, 65_535, 100, WindowCause.DATA);
        String first = TraceEventJson.write(good) + "\n";
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            CompletableFuture<Run> follow = CompletableFuture.supplyAsync(() -> run("trace", "follow", "--attach", socket.toString()));
            try (SocketChannel reader = server.accept()) {
                reader.read(ByteBuffer.allocate(1)); // the reader's first line, as an engine reads it
                reader.write(ByteBuffer.wrap((first + first.substring(0, 20)).getBytes(StandardCharsets.UTF_8)));
            }
            Run r = follow.get();
            assertEquals(1, r.status(), r.out());
            assertTrue(r.out().contains("conn=6 window conn recv 65535 -> 100 on data"), r.out());
            assertTrue(r.out().contains("line 2 (from octet " + first.length() + "): the stream closed inside this event, "
                    + "after 20 of its octets"), r.out());
        }
    }
}
