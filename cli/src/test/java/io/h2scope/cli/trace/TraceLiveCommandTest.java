package io.h2scope.cli.trace;

import io.h2scope.cli.CommandRun;
import io.h2scope.cli.serve.ServeProcess;
import io.h2scope.engine.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The operator's story at 3 a.m.: {@code h2scope serve} runs with only {@code H2SCOPE_TRACE_LISTEN}; {@code trace
 * level} and {@code trace record} switch tracing on for the connection the JDK's client keeps open, through logback's
 * own levels, and off again, each change logged on {@code h2scope.control}.
 */
class TraceLiveCommandTest {

    @Test
    void levelsAndARecordingAreSwitchedInARunningServe(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("t.sock");
        Path out = dir.resolve("serve.out");
        Path err = dir.resolve("serve.err");
        Process server = ServeProcess.start(Map.of("H2SCOPE_TRACE_LISTEN", socket.toString()), List.of(), out, err);
        try {
            String url = ServeProcess.awaitUrl(out, server) + "headers";
            String attach = socket.toString();
            CommandRun status = CommandRun.of("trace", "level", "--attach", attach);
            assertEquals(0, status.exit(), status.err());
            assertEquals("levels: frames=off hpack=off flow=off state=off conn=off\nonly: all\nrecording: off\n",
                    status.out());
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build(); // one connection
            get(client, url + "?one");

            CommandRun on = CommandRun.of("trace", "level", "--attach", attach, "frames=debug");
            assertEquals(0, on.exit(), on.err());
            assertTrue(on.out().startsWith("levels: frames=debug hpack=off"), on.out());
            get(client, url + "?two");
            Await.until(() -> ServeProcess.contains(err, "/headers?two"), "the frame line of the request after it");
            String log = Files.readString(err);
            assertTrue(log.lines().anyMatch(l -> l.contains("h2scope.frames conn=1 recv HEADERS")
                    && l.contains(":path: /headers?two")), log);
            assertTrue(log.lines().anyMatch(l -> l.contains(" INFO  h2scope.control trace level frames=debug by user ")
                    && l.endsWith(": now levels frames=debug,hpack=off,flow=off,state=off,conn=off; only all; not "
                    + "recording; 0 readers attached")), log);

            Path recording = dir.resolve("live.jsonl");
            CommandRun start = CommandRun.of("trace", "record", "--attach", attach, "--start", recording.toString());
            assertEquals(0, start.exit(), start.err());
            assertTrue(start.out().endsWith("recording: " + recording + "\n"), start.out());
            get(client, url + "?three");
            Await.until(() -> ServeProcess.contains(recording, "/headers?three"), "the request in the recording");
            CommandRun stop = CommandRun.of("trace", "record", "--attach", attach, "--stop");
            assertEquals(0, stop.exit(), stop.err());
            assertTrue(stop.out().endsWith("recording: off\n"), stop.out());
            CommandRun off = CommandRun.of("trace", "level", "--attach", attach, "off");
            assertEquals(0, off.exit(), off.err());
            get(client, url + "?four");

            CommandRun print = CommandRun.of("trace", "print", recording.toString(), "--relative");
            assertEquals(0, print.exit(), print.err());
            List<String> lines = print.out().lines().toList();
            assertTrue(lines.get(0).contains("conn=1 opened server"), print.out());
            assertTrue(lines.get(1).contains("conn=1 snapshot 0 live streams"), print.out());
            assertTrue(print.out().contains(":path: /headers?three"), print.out());
            assertFalse(print.out().contains("?two") || print.out().contains("?four"), print.out());
            assertFalse(Files.readString(err).contains("/headers?four"), "off again");
        } finally {
            ServeProcess.stop(server);
        }
    }

    @Test
    void aBadLevelNothingListeningAndTwoActionsAreEachOneLine(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("t.sock");
        Path out = dir.resolve("serve.out");
        Process server = ServeProcess.start(Map.of("H2SCOPE_TRACE_LISTEN", socket.toString()), List.of(), out, out);
        try {
            ServeProcess.awaitUrl(out, server);
            CommandRun bad = CommandRun.of("trace", "level", "--attach", socket.toString(), "frames=verbose");
            assertEquals(1, bad.exit());
            assertTrue(bad.errLine().startsWith("h2scope trace level: " + socket + ": the engine refused the command: "
                    + "unknown level \"verbose\" in \"frames=verbose\"; accepted: one level (off, "), bad.err());
            CommandRun both = CommandRun.of("trace", "record", "--attach", socket.toString(), "--start", "x.jsonl",
                    "--stop");
            assertEquals(2, both.exit(), both.err());
            assertEquals("h2scope trace record: Error: --start=FILE, --stop are mutually exclusive (specify only one) "
                    + "(see './h2scope trace record --help')", both.errLine());
        } finally {
            ServeProcess.stop(server);
        }
        CommandRun folder = CommandRun.of("trace", "record", "--attach", socket.toString(), "--start", dir.toString());
        assertEquals(2, folder.exit(), folder.err()); // the engine said "the recording cannot be opened: DIR: Is a directory"
        assertEquals("h2scope trace record: --start '" + dir + "' is no file name: give the file to record to, e.g. "
                + "--start trace.jsonl (see './h2scope trace record --help')", folder.errLine());
        Path nobody = dir.resolve("nobody.sock");
        CommandRun none = CommandRun.of("trace", "level", "--attach", nobody.toString(), "frames=debug");
        assertEquals(1, none.exit());
        assertTrue(none.errLine().startsWith("h2scope trace level: no engine serves trace events on " + nobody),
                none.err());
    }

    private static void get(HttpClient client, String url) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
    }
}
