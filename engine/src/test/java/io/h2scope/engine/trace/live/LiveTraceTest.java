package io.h2scope.engine.trace.live;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tracing switched live over the attach socket, on the reference server answering real clients (the engine's, curl
 * from two source addresses): the command protocol and its one-line refusals, levels that reach a connection already
 * open, a recording started and stopped, and the filter deciding connections by peer and by path.
 */
@Timeout(120)
class LiveTraceTest {

    private static final String ALL_OFF = "frames=off,hpack=off,flow=off,state=off,conn=off";

    @TempDir
    Path dir;

    private final List<String> control = new CopyOnWriteArrayList<>();
    private LiveTrace live;
    private LevelsLog log;
    private H2Server server;
    private H2Client client;

    @AfterEach
    void close() throws IOException {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        if (live != null) {
            live.close();
        }
    }

    /** The reference server traced as {@code env} says; returns the attach socket's address. */
    private ListenAddress serve(Map<String, String> env) throws IOException {
        TraceConfig config = TraceConfig.fromEnvironment(env);
        assertEquals(List.of(), config.problems());
        log = new LevelsLog(config);
        live = LiveTrace.start(config, log, new PrintStream(new ByteArrayOutputStream()), control::add);
        server = ReferenceServer.configure(ReferenceServer.Options.h2c()).port(0).traceSink(live).start();
        client = H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(TraceSink.NONE).build();
        return ListenAddress.parse(live.attachServer().orElseThrow().where());
    }

    /** Both named the exception's class: "(java.nio.file.FileSystemException: D: Is a directory)", "(java.net.BindException: ...)". */
    @Test
    void aRecordingOrSocketThatCannotBeOpenedIsOneLineWithoutAClassName() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            TraceConfig config = TraceConfig.fromEnvironment(Map.of(TraceConfig.TRACE_FILE, dir.toString(),
                    TraceConfig.TRACE_LISTEN, "127.0.0.1:" + taken.getLocalPort()));
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            live = LiveTrace.start(config, new LevelsLog(config), new PrintStream(errors, true), control::add);
            List<String> lines = errors.toString().lines().toList();
            assertEquals(List.of("h2scope: ignoring H2SCOPE_TRACE_FILE=\"" + dir + "\": the file cannot be opened ("
                    + dir + ": Is a directory); accepted: a writable file path",
                    "h2scope: ignoring H2SCOPE_TRACE_LISTEN=\"127.0.0.1:" + taken.getLocalPort() + "\": it cannot be bound "
                    + "(Address already in use); accepted: a free Unix socket path, or 127.0.0.1:PORT"), lines);
        }
    }

    private ListenAddress serveOnUnixSocket(Map<String, String> more) throws IOException {
        Map<String, String> env = new HashMap<>(more);
        env.put(TraceConfig.TRACE_LISTEN, dir.resolve("trace.sock").toString());
        return serve(env);
    }

    private static Map<String, Object> command(ListenAddress at, String token, Object... members) throws IOException {
        Map<String, Object> request = new LinkedHashMap<>();
        for (int i = 0; i < members.length; i += 2) {
            request.put((String) members[i], members[i + 1]);
        }
        return AttachClient.command(at, token, request);
    }

    private String get(String path) throws Exception {
        return client.get(server.url() + path.substring(1)).body();
    }

    // ---------------------------------------------------------------- the protocol

    @Test
    void eachBadCommandIsRefusedInOneLineAndChangesNothing() throws Exception {
        ListenAddress at = serve(Map.of(TraceConfig.TRACE_LISTEN, "127.0.0.1:0"));
        String token = live.attachServer().orElseThrow().token();
        String forms = "accepted: one level (off, error, warn, info, debug, trace) or per category, e.g. frames=debug,"
                + "hpack=trace,flow=debug,state=debug,conn=info (categories: frames, hpack, flow, state, conn)";
        Map<String, String> refusals = new LinkedHashMap<>();
        refusals.put("wrong token", refusal(at, "guess", "cmd", "level", "set", "frames=debug"));
        refusals.put("unknown level \"verbose\" in \"frames=verbose\"; " + forms,
                refusal(at, token, "cmd", "level", "set", "frames=verbose"));
        refusals.put("unknown category \"bogus\" in \"bogus=debug\"; " + forms,
                refusal(at, token, "cmd", "level", "set", "conn=info,bogus=debug"));
        refusals.put("\"10.1.2.300\" is not an IP address in \"peer=10.1.2.300\"; accepted: " + io.h2scope.engine.trace
                .config.TraceOnly.FORMS, refusal(at, token, "cmd", "level", "set", "frames=debug", "only", "peer=10.1.2.300"));
        refusals.put("unknown command \"levels\"; accepted: level, record", refusal(at, token, "cmd", "levels"));
        refusals.put("\"trace.jsonl\" is not an absolute path (the engine does not run in your directory)",
                refusal(at, token, "cmd", "record", "start", "trace.jsonl"));
        refusals.put("nothing is being recorded", refusal(at, token, "cmd", "record", "stop", true));
        for (Map.Entry<String, String> r : refusals.entrySet()) {
            assertEquals(at + ": the engine refused the command: " + r.getKey(), r.getValue());
            assertFalse(r.getValue().contains("\n"), r.getValue());
        }
        assertEquals(ALL_OFF, command(at, token, "cmd", "level").get("levels"), "nothing changed");
        assertEquals(List.of(), control, "nothing changed, nothing told");

        Map<String, Object> reply = command(at, token, "cmd", "level", "set", "frames=debug");
        assertEquals("control", reply.get("kind"));
        assertEquals("frames=debug,hpack=off,flow=off,state=off,conn=off", reply.get("levels"), "the levels in force");
        assertEquals("all", reply.get("only"));
        assertNull(reply.get("recording"));
        assertEquals(1, control.size(), control.toString());
        int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        assertTrue(control.get(0).matches("trace level frames=debug by 127\\.0\\.0\\.1:\\d+ \\(uid " + uid + "\\) on "
                + at.toString().replace(".", "\\.") + ": now levels frames=debug,hpack=off,flow=off,state=off,conn=off;"
                + " only all; not recording; 0 readers attached"), control.get(0));
    }

    private static String refusal(ListenAddress at, String token, Object... members) {
        AttachException e = assertThrows(AttachException.class, () -> command(at, token, members));
        assertTrue(e.refused(), e.getMessage());
        return e.getMessage();
    }

    // ---------------------------------------------------------------- levels

    @Test
    void levelsSwitchedLiveReachAConnectionAlreadyOpen() throws Exception {
        ListenAddress at = serveOnUnixSocket(Map.of());
        get("/?first");
        assertEquals(List.of(), log.lines, "nothing is logged with every category off");

        command(at, null, "cmd", "level", "set", "frames=debug,conn=info");
        get("/?second");
        assertEquals(1, server.connectionCount(), "the same connection, open before the change");
        List<String> frames = log.of(TraceCategory.FRAMES, 1);
        assertTrue(frames.stream().anyMatch(l -> l.contains("recv HEADERS") && l.contains(":path: /?second")),
                frames.toString());
        assertTrue(log.lines.stream().noneMatch(l -> l.contains("/?first")), "nothing from before the change");
        assertEquals(TraceLevel.DEBUG, live.status().levels().get(TraceCategory.FRAMES));

        command(at, null, "cmd", "level", "set", "off");
        int before = log.lines.size();
        get("/?third");
        assertEquals(before, log.lines.size(), "off again: " + log.lines.subList(before, log.lines.size()));
        assertEquals(2, control.size());
        assertTrue(control.get(1).startsWith("trace level off by user "), control.get(1));
    }

    @Test
    void theLinesARequestCausesReachTheLogAsOneBatchOfItsRead() throws Exception {
        serveOnUnixSocket(Map.of(TraceConfig.LOG, "frames=debug"));
        get("/?batched");
        List<String> frames = log.of(TraceCategory.FRAMES, 1);
        List<String> exchange = frames.stream().filter(l -> l.contains("stream=1 ")).toList();
        assertTrue(exchange.size() >= 3, "the request's HEADERS, the answer's HEADERS and DATA: " + frames);
        assertTrue(log.batched.containsAll(exchange), "each written within the read's batch: " + log.batched);
    }

    // ---------------------------------------------------------------- recording

    @Test
    void aRecordingStartedLiveHasEachOpenConnectionsOpeningAndSnapshotThenItsEventsUntilItStops() throws Exception {
        ListenAddress at = serveOnUnixSocket(Map.of());
        get("/?before");
        Path file = dir.resolve("live.jsonl");
        Map<String, Object> started = command(at, null, "cmd", "record", "start", file.toString());
        assertEquals(file.toString(), started.get("recording"));
        // the connection is idle: woken, it puts its opening and state in the recording at once
        Await.until(() -> read(file).contains("\"kind\":\"snapshot\""), "the open connection's snapshot");
        get("/?during");
        // the answer can reach the client before the server's read batch (its HEADERS among them) is recorded
        Await.until(() -> read(file).contains("/?during"), () -> "the request in the recording: " + read(file));
        Map<String, Object> stopped = command(at, null, "cmd", "record", "stop", true);
        assertNull(stopped.get("recording"));
        get("/?after");

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        List<TraceEvent> events = JsonlTraceReader.read(file);
        ConnectionOpened opened = assertInstanceOf(ConnectionOpened.class, events.get(0));
        assertEquals(1, opened.connectionId());
        assertTrue(opened.remote().startsWith("127.0.0.1:") && opened.clock() != null, opened.toString());
        SnapshotTaken snapshot = assertInstanceOf(SnapshotTaken.class, events.get(1));
        assertEquals(0, snapshot.snapshot().streams().size(), "idle: no stream open");
        assertTrue(snapshot.snapshot().decoderTable().size() > 0, "the table the first request filled: "
                + snapshot.snapshot());
        List<String> paths = new ArrayList<>();
        for (TraceEvent e : events) {
            if (e instanceof FrameEvent f && f.direction() == Direction.INBOUND) {
                f.headers().stream().filter(h -> h.name().equals(":path")).forEach(h -> paths.add(h.value()));
            }
        }
        assertEquals(List.of("/?during"), paths, "the requests between start and stop");
        assertEquals(2, control.size(), control.toString());
        assertTrue(control.get(0).startsWith("trace record --start " + file + " by user "), control.get(0));
        assertTrue(control.get(0).endsWith("; recording " + file + "; 0 readers attached"), control.get(0));
        assertTrue(control.get(1).startsWith("trace record --stop by user "), control.get(1));
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---------------------------------------------------------------- the filter

    @Test
    void onlyThePeerAskedForIsTracedAndTheOtherBuildsNoEvent() throws Exception {
        Path file = dir.resolve("peer.jsonl");
        serveOnUnixSocket(Map.of(TraceConfig.TRACE_ONLY, "peer=127.0.0.2", TraceConfig.TRACE_FILE, file.toString(),
                TraceConfig.LOG, "frames=debug"));
        String url = server.url() + "slow?ms=1500";
        Process fromTwo = curl("--interface", "127.0.0.2", url);
        Process fromOne = curl(url);
        Await.until(() -> live.openConnections().size() == 2, "both clients connected");
        Map<String, Boolean> traced = new HashMap<>();
        Await.until(() -> {
            traced.clear();
            for (LiveConnection c : live.openConnections()) {
                traced.put(c.peer().getHostAddress(), c.tracedNow());
            }
            return traced.size() == 2 && traced.get("127.0.0.2");
        }, () -> "traced as the peer says: " + traced);
        assertEquals(Map.of("127.0.0.1", false, "127.0.0.2", true), traced, "127.0.0.1 goes the tracing-off way");
        finish(fromTwo);
        finish(fromOne);
        awaitCloses(file, 1);

        List<TraceEvent> events = JsonlTraceReader.read(file);
        List<ConnectionOpened> openings = events.stream().filter(e -> e instanceof ConnectionOpened)
                .map(e -> (ConnectionOpened) e).toList();
        assertEquals(1, openings.size(), openings.toString());
        assertTrue(openings.get(0).remote().startsWith("127.0.0.2:"), openings.toString());
        long matched = openings.get(0).connectionId();
        assertTrue(events.stream().allMatch(e -> e.connectionId() == matched), "nothing of the other connection");
        assertTrue(log.lines.stream().allMatch(l -> l.startsWith("frames conn=" + matched + " ")), log.lines.toString());
        assertFalse(log.lines.isEmpty());
    }

    @Test
    void aPathFilterSetLiveDecidesEachConnectionAtItsFirstRequest() throws Exception {
        Path file = dir.resolve("path.jsonl");
        ListenAddress at = serveOnUnixSocket(Map.of(TraceConfig.TRACE_FILE, file.toString(), TraceConfig.LOG,
                "conn=info"));
        Map<String, Object> reply = command(at, null, "cmd", "level", "only", "path=/slow,path=/api/");
        assertEquals("path=/slow,path=/api/", reply.get("only"));
        finish(curl(server.url() + "headers"));
        finish(curl(server.url() + "slow?ms=1"));
        awaitCloses(file, 1);

        List<TraceEvent> events = JsonlTraceReader.read(file);
        List<Long> connections = events.stream().map(TraceEvent::connectionId).distinct().toList();
        assertEquals(1, connections.size(), "only the connection asking for /slow: " + connections);
        assertInstanceOf(ConnectionOpened.class, events.get(0), "its opening, held until its request, then let go");
        assertTrue(events.stream().anyMatch(e -> e instanceof FrameEvent f && f.direction() == Direction.OUTBOUND
                && f.frame().streamId() == 0), "its SETTINGS, from before the request decided");
        long slow = connections.get(0);
        assertTrue(log.lines.stream().anyMatch(l -> l.startsWith("conn conn=" + slow + " opened server local=127.0.0.1:")),
                "its held conn lines let go too: " + log.lines);
        assertTrue(log.lines.stream().allMatch(l -> l.contains("conn=" + slow + " ")), log.lines.toString());
    }

    private static Process curl(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "-o", "/dev/null", "--http2-prior-knowledge"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static void finish(Process curl) throws Exception {
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(curl.waitFor(30, TimeUnit.SECONDS), "curl did not finish");
        assertEquals(0, curl.exitValue(), out);
    }

    /** Waits for {@code count} connections' closes in the recording (written by its own thread). */
    private void awaitCloses(Path file, int count) throws InterruptedException {
        Await.until(() -> read(file).split("\"kind\":\"closed\"", -1).length - 1 == count,
                () -> "the closes in " + file + ": " + read(file));
        Await.until(() -> server.connectionCount() == 0, "every connection gone");
        server.shutdown(Duration.ofSeconds(1));
    }

}
