package io.h2scope.inspector.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.filter.FilteredFrames;
import io.h2scope.inspector.model.filter.FrameFilter;
import io.h2scope.inspector.model.Recording;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportTest {

    private static List<TraceEvent> exchange;

    @TempDir
    Path dir;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(100_000); // DATA beyond one TCP segment, and several frames
    }

    private static Recording recordingOf(List<TraceEvent> events) {
        Recording recording = new Recording();
        recording.append(recording.addSource("exchange"), events);
        return recording;
    }

    @Test
    void aSavedRecordingReadsBackAsTheSameEvents() throws IOException {
        Path file = dir.resolve("saved.jsonl");
        int saved = JsonlExport.save(recordingOf(exchange), file);
        List<TraceEvent> back = JsonlTraceReader.read(file);
        assertEquals(exchange.size(), saved);
        assertEquals(exchange.size(), back.size());
        for (int i = 0; i < exchange.size(); i++) {
            // records with byte arrays compare by identity: compare what the trace format says of each
            assertEquals(TraceEventJson.write(exchange.get(i)), TraceEventJson.write(back.get(i)), "event " + i);
        }
    }

    @Test
    void twoSourcesWithTheSameConnectionIdAreSavedAsTwoConnections() throws IOException {
        Recording recording = new Recording();
        recording.append(recording.addSource("first"), exchange);
        recording.append(recording.addSource("second"), exchange);
        Path file = dir.resolve("two.jsonl");
        JsonlExport.save(recording, file);
        List<TraceEvent> back = JsonlTraceReader.read(file);
        assertEquals(2 * exchange.size(), back.size());
        long first = exchange.get(0).connectionId();
        assertTrue(back.subList(0, exchange.size()).stream().allMatch(e -> e.connectionId() == first));
        long second = back.get(exchange.size()).connectionId();
        assertTrue(second != first, "the second source's connection got an id of its own");
        assertTrue(back.subList(exchange.size(), back.size()).stream().allMatch(e -> e.connectionId() == second));
        String renumbered = TraceEventJson.write(back.get(exchange.size() + 5));
        assertEquals(TraceEventJson.write(exchange.get(5)).replace("\"conn\":" + first + ",", "\"conn\":" + second + ","),
                renumbered);
    }

    @Test
    void aFilteredListSavesTheWholeConnectionsOfItsRowsOnly() throws IOException {
        Recording recording = new Recording();
        recording.append(recording.addSource("first"), exchange);
        recording.append(recording.addSource("second"), exchange);
        ConnectionKey second = recording.connection(1).key();
        FilteredFrames shown = new FilteredFrames(recording,
                FrameFilter.ALL.withConnection(second).withType(FrameType.DATA.code()));
        shown.catchUp(() -> false);
        ExportScope scope = ExportScope.of(recording, shown);
        assertEquals("the 1 connection of the " + shown.size() + " frames shown, whole", scope.jsonlWords());
        Path file = dir.resolve("second.jsonl");
        assertEquals(exchange.size(), JsonlExport.save(recording, scope, file));
        List<TraceEvent> back = JsonlTraceReader.read(file);
        assertEquals(exchange.size(), back.size(), "every event of that connection, not only its DATA");
        long id = back.get(0).connectionId();
        assertTrue(back.stream().allMatch(e -> e.connectionId() == id), "one connection");
        assertEquals("everything recorded (2 connections)", ExportScope.of(recording,
                new FilteredFrames(recording, FrameFilter.ALL)).jsonlWords());
    }

    @Test
    void aFilteredListExportsOnlyItsFramesToPcapng() throws Exception {
        assumeTrue(onPath("tshark"), "tshark is not installed: apt-get install tshark to run this test");
        Recording recording = recordingOf(exchange);
        FilteredFrames shown = new FilteredFrames(recording, FrameFilter.ALL.withType(FrameType.DATA.code()));
        shown.catchUp(() -> false);
        ExportScope scope = ExportScope.of(recording, shown);
        assertEquals("the " + shown.size() + " frames shown", scope.pcapngWords());
        Path file = dir.resolve("data.pcapng");
        assertEquals(shown.size(), PcapngExport.save(recording, scope, file));
        List<Integer> types = tsharkTypes(file);
        assertTrue(shown.size() > 1 && shown.size() < recording.frameCount());
        assertEquals(shown.size(), types.size(), "tshark's HTTP/2 frame types: " + types);
        assertTrue(types.stream().allMatch(t -> t == FrameType.DATA.code()), types.toString());
    }

    @Test
    void aFrameCopiedAsHexIsItsHeaderThenItsPayload() {
        PingFrame ping = PingFrame.of(0x0102030405060708L);
        FrameEvent event = new FrameEvent(1, 0, Direction.OUTBOUND, new FrameHeader(8, 6, 0, 0, true), ping,
                List.of(), 0, 0, -1, -1, null);
        assertEquals("00 00 08 06 00 80 00 00 00 01 02 03 04 05 06 07 08", FrameHex.hex(event));
    }

    @Test
    void tsharkDissectsEveryRecordedFrameAsHttp2() throws Exception {
        assumeTrue(onPath("tshark"), "tshark is not installed: apt-get install tshark to run this test");
        Recording recording = recordingOf(exchange);
        Path file = dir.resolve("exchange.pcapng");
        int written = PcapngExport.save(recording, file);
        assertEquals(recording.frameCount(), written);

        List<Integer> types = tsharkTypes(file);
        assertEquals(recording.frameCount(), types.size(), "tshark's HTTP/2 frame types: " + types);
        long data = exchange.stream().filter(e -> e instanceof FrameEvent f && f.frame().type() == FrameType.DATA).count();
        assertEquals(data, types.stream().filter(t -> t == FrameType.DATA.code()).count());
    }

    /** The HTTP/2 frame types tshark dissects in {@code file}, in order. */
    private static List<Integer> tsharkTypes(Path file) throws Exception {
        Process tshark = new ProcessBuilder("tshark", "-r", file.toString(), "-o", "tcp.desegment_tcp_streams:TRUE",
                "-d", "tcp.port==" + PcapngExport.SERVER_PORT + ",http2", "-Y", "http2", "-T", "fields",
                "-e", "http2.type").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(tshark.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(tshark.waitFor(60, TimeUnit.SECONDS), "tshark did not finish");
        return Arrays.stream(out.split("[,\\s]+")).filter(s -> !s.isEmpty()).map(Integer::valueOf).toList();
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
