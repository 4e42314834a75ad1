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
