package io.h2scope.cli.trace;

import io.h2scope.cli.CommandRun;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.ClockText;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code trace print} on a recording the engine's server made of two connections that overlap in time: connection 1
 * asks, connection 2 asks, connection 1 asks again, connection 2 leaves a request open and its client goes away
 * (ended abnormally), connection 1's client says goodbye (cleanly). The recording's lines come in the order the
 * connections wrote them; printed, they are one timeline on the clock.
 */
class TracePrintOnTheClockTest {

    @TempDir
    static Path dir;
    static Path file;
    static List<TraceEvent> events;
    static ConnectionOpened first;
    static ConnectionOpened second;

    @BeforeAll
    static void record() throws Exception {
        file = dir.resolve("server.jsonl");
        CountDownLatch slowArrived = new CountDownLatch(1);
        CountDownLatch bothClosed = new CountDownLatch(2);
        TraceSink watch = event -> {
            if (event instanceof FrameEvent f && f.direction() == Direction.INBOUND && f.frame() instanceof HeadersFrame
                    && f.headers().toString().contains("/slow")) {
                slowArrived.countDown();
            } else if (event instanceof ConnectionClosed) {
                bothClosed.countDown();
            }
        };
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1 << 24, System.err)) {
            H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c())
                    .traceSink(TraceSinks.compose(List.of(writer, watch))).start();
            String url = "http://127.0.0.1:" + server.port();
            H2Client a = H2Client.newBuilder().build();
            H2Client b = H2Client.newBuilder().build();
            try {
                assertEquals(200, a.get(url + "/").status());
                assertEquals(200, b.get(url + "/").status());
                assertEquals(200, a.get(url + "/headers").status());
                b.sendAsync(H2Request.newBuilder(url + "/slow?ms=5000").build(), HttpResponse.BodyHandlers.ofString());
                assertTrue(slowArrived.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS), "the server got the slow request");
                b.close(); // with the request still open: the server's connection 2 ends abnormally
                a.close(); // GOAWAY, no stream open: connection 1 ends cleanly
                assertTrue(bothClosed.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS), "the server's connections closed");
            } finally {
                a.close();
                b.close();
                server.shutdown(Duration.ofSeconds(2));
            }
        }
        events = JsonlTraceReader.read(file);
        List<ConnectionOpened> opened = events.stream().filter(e -> e instanceof ConnectionOpened)
                .map(e -> (ConnectionOpened) e).toList();
        assertEquals(2, opened.size(), "two connections");
        first = opened.get(0);
        second = opened.get(1);
        assertNotNull(first.clock(), "the recording says when connection 1 opened");
        assertNotNull(second.clock(), "the recording says when connection 2 opened");
    }

    /** {@code h2scope trace print FILE ARGS...}. */
    private static CommandRun run(String... args) {
        List<String> all = new ArrayList<>(List.of("trace", "print", file.toString()));
        all.addAll(List.of(args));
        return CommandRun.of(all.toArray(String[]::new));
    }

    private static final Pattern LINE = Pattern.compile("(\\d\\d:\\d\\d:\\d\\d\\.\\d{6}) conn=(\\d+) .*");

    /** The event lines' connection ids, in order. */
    private static List<Long> connections(String out) {
        List<Long> ids = new ArrayList<>();
        for (String line : out.lines().toList()) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                ids.add(Long.parseLong(m.group(2)));
            }
        }
        return ids;
    }

    @Test
    void linesShowClockTimeInOneTimelineOfBothConnections() {
        CommandRun r = run();
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("--- " + ClockText.date(first.clock(), ZoneOffset.UTC) + " UTC ---", lines.get(0));
        assertTrue(lines.stream().skip(1).allMatch(l -> LINE.matcher(l).matches() || l.startsWith("--- ")), r.out());
        assertTrue(r.out().contains(ClockText.timeOfDay(first.clock(), ZoneOffset.UTC) + " conn=" + first.connectionId()
                + " opened server"), "connection 1's opening at its clock time: " + r.out());
        String previous = "";
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                assertTrue(m.group(1).compareTo(previous) >= 0, "in time order: " + line + " after " + previous);
                previous = m.group(1);
            } else {
                previous = ""; // a new date
            }
        }
        // connection 1, then 2, then 1 again: the timeline goes back and forth, it does not print one after the other
        List<Long> ids = connections(r.out());
        int switches = 0;
        for (int i = 1; i < ids.size(); i++) {
            switches += ids.get(i).equals(ids.get(i - 1)) ? 0 : 1;
        }
        assertTrue(switches >= 2, "the connections interleave: " + ids);
        assertEquals(events.size(), ids.size(), "every event once");
    }

    @Test
    void relativeShowsEachConnectionsOwnOffsets() {
        CommandRun r = run("--relative");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("[   0.000000] conn=" + first.connectionId() + " opened server"), r.out());
        assertTrue(r.out().contains("[   0.000000] conn=" + second.connectionId() + " opened server"), r.out());
        assertFalse(r.out().contains("--- "), "no date line without clock times");
    }

    @Test
    void sinceAndUntilCutTheTimeline() {
        Instant secondOpened = second.clock();
        CommandRun since = run("--since", ClockText.iso(secondOpened));
        assertEquals(0, since.exit(), since.err());
        List<String> lines = since.out().lines().toList();
        assertTrue(lines.get(1).endsWith("conn=" + second.connectionId() + " opened server local=" + second.local()
                + " remote=" + second.remote() + " transport=h2c"), "the first event at or after --since: " + lines.get(1));
        CommandRun until = run("--until", ClockText.iso(secondOpened));
        assertEquals(0, until.exit(), until.err());
        assertTrue(connections(until.out()).stream().allMatch(id -> id == first.connectionId()),
                "before connection 2 opened, only connection 1: " + until.out());
        assertEquals(events.size(), connections(since.out()).size() + connections(until.out()).size(),
                "--since includes its instant, --until does not: every event on one side");
        if (ClockText.date(first.clock(), ZoneOffset.UTC).equals(ClockText.date(secondOpened, ZoneOffset.UTC))) {
            // a time of day means that time on the date the recording begins (unless the test ran across midnight)
            CommandRun timeOfDay = run("--since", ClockText.timeOfDay(secondOpened, ZoneOffset.UTC));
            assertEquals(since.out(), timeOfDay.out());
        }
    }

    @Test
    void filtersByConnectionPeerErrorAndAbnormalEnd() {
        CommandRun conn = run("--conn", Long.toString(second.connectionId()));
        assertTrue(connections(conn.out()).stream().allMatch(id -> id == second.connectionId()), conn.out());

        CommandRun peer = run("--peer", second.remote());
        assertEquals(connections(conn.out()), connections(peer.out()), "the peer of connection 2 is its client's port");
        CommandRun host = run("--peer", "127.0.0.1");
        assertEquals(events.size(), connections(host.out()).size(), "both clients are on 127.0.0.1");

        CommandRun abnormal = run("--abnormal");
        assertEquals(0, abnormal.exit(), abnormal.err());
        assertEquals(connections(conn.out()), connections(abnormal.out()),
                "connection 2 closed with its request open; connection 1 said goodbye: " + abnormal.out());
        assertTrue(abnormal.out().contains("conn=" + second.connectionId() + " closed by"), abnormal.out());

        CommandRun noError = run("--error", "no_error", "--conn", Long.toString(first.connectionId()));
        assertEquals(0, noError.exit(), noError.err());
        assertTrue(noError.out().lines().anyMatch(l -> l.contains(" recv GOAWAY ") && l.contains("error=NO_ERROR")),
                noError.out());
        assertTrue(noError.out().lines().skip(1).allMatch(l -> l.contains("NO_ERROR")), noError.out());

        CommandRun goAway = run("--type", "GOAWAY", "--error", "0x0");
        assertEquals(2, connections(goAway.out()).size(), "each client's GOAWAY: " + goAway.out());
    }

    @Test
    void aFileAndItsRollAreOneRecording() throws Exception {
        List<String> lines = Files.readAllLines(file);
        Path rolled = dir.resolve("rolled.jsonl");
        Files.write(dir.resolve("rolled.jsonl.1"), lines.subList(0, lines.size() / 2));
        Files.write(rolled, lines.subList(lines.size() / 2, lines.size()));
        CommandRun both = CommandRun.of("trace", "print", rolled.toString());
        assertEquals(0, both.exit(), both.err());
        assertEquals(run().out(), both.out());
    }

    @Test
    void badValuesAreOneLineThatSaysWhatIsAccepted() {
        CommandRun time = run("--since", "25:61");
        assertEquals(2, time.exit());
        assertEquals("h2scope trace print: Invalid value for option '--since': '25:61' is not a time; accepted: a time "
                + "of day (14:03, 14:03:20.5), a date (2025-06-01), both (2025-06-01T14:03 or \"2025-06-01 14:03\"), "
                + "or an ISO 8601 time with a zone (2025-06-01T14:03:00Z) (see './h2scope trace print --help')",
                time.err().strip());
        CommandRun order = run("--since", "2030-01-02", "--until", "2030-01-01");
        assertEquals(2, order.exit());
        assertEquals("h2scope trace print: --until 2030-01-01 is not after --since 2030-01-02: give a later --until "
                + "(with a date, for another day)", order.err().strip());
        CommandRun peer = run("--peer", "example.com");
        assertEquals(2, peer.exit());
        assertTrue(peer.err().strip().startsWith("h2scope trace print: Invalid value for option '--peer': "
                + "'example.com' is not a peer address; accepted: an IP address"), peer.err());
        CommandRun error = run("--error", "OOPS");
        assertEquals(2, error.exit());
        assertTrue(error.err().strip().startsWith("h2scope trace print: Invalid value for option '--error': 'OOPS' is "
                + "not an error code (RFC 9113 §7); accepted: NO_ERROR, PROTOCOL_ERROR,"), error.err());
        for (CommandRun r : List.of(time, order, peer, error)) {
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }
}
