package io.h2scope.inspector.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.RecordedExchange;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(90)
class FollowFileSourceTest {

    private static List<TraceEvent> exchange;

    @TempDir
    Path dir;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(20_000);
    }

    @Test
    void aFileWrittenAndRolledByAnotherThreadIsFollowedWithoutLosingOrRepeatingEvents() throws Exception {
        Path file = dir.resolve("live.jsonl");
        int rounds = 30;
        List<TraceEvent> written = new ArrayList<>();
        long roundOctets = exchange.stream().mapToLong(e -> TraceEventJson.write(e).length() + 1).sum();
        // a roll every three rounds: several in the test (a production cap is 100 MiB)
        JsonlTraceWriter writer = new JsonlTraceWriter(file, 3 * roundOctets, new PrintStream(new ByteArrayOutputStream()));
        CollectingSink sink = new CollectingSink();
        Thread engine = new Thread(() -> {
            try (writer) {
                for (int r = 0; r < rounds; r++) {
                    // at most two rounds ahead of the reader, so at most one roll between its polls: a reader starved
                    // by a loaded machine would otherwise miss a file rolled away twice (only FILE.1 is kept)
                    int readRounds = r - 2;
                    Await.until(() -> sink.events.size() >= readRounds * exchange.size(), "the reader keeps up");
                    for (TraceEvent e : exchange) {
                        writer.onEvent(e);
                        synchronized (written) {
                            written.add(e);
                        }
                    }
                    Thread.sleep(30); // the engine's traffic comes in bursts
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        FollowFileSource follow = new FollowFileSource(file);
        follow.start(sink); // before the file exists: it waits for it
        engine.start();
        engine.join();
        CollectingSink.await(() -> sink.events.size() >= rounds * exchange.size(), "every event");
        Thread.sleep(300); // nothing more, nothing twice
        assertTrue(sink.states.get(0).startsWith("following live.jsonl since "), sink.states.get(0));
        long connections = written.stream().map(TraceEvent::connectionId).distinct().count();
        assertTrue(java.util.regex.Pattern.matches("following live.jsonl since \\d\\d:\\d\\d:\\d\\d: " + written.size()
                + " events, " + connections + " connections", sink.state()), sink.states.toString());
        assertEquals(sink.events.size(), sink.positions.size(), "kept as positions, not events");
        // read again from the files, the rolled-away ones too (a roll every three rounds removed most of them)
        List<TraceEvent> whole = sink.whole(follow);
        follow.close();
        assertTrue(Files.exists(file.resolveSibling("live.jsonl.1")), "the writer rolled the file");
        assertEquals(written.size(), whole.size());
        assertEquals(written, whole);
    }

    @Test
    void aCorruptLineIsSkippedAndANewerVersionStops() throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, "{\"v\":2,\"kind\":\"opened\",\"conn\":1,\"t_ns\":0,\"role\":\"client\"}\nnot json\n");
        CollectingSink sink = new CollectingSink();
        FollowFileSource follow = new FollowFileSource(file);
        follow.start(sink);
        CollectingSink.await(() -> sink.events.size() == 1 && sink.problems.size() == 1, "the good event and a notice");
        assertTrue(sink.problems.get(0).startsWith("line 2 of bad.jsonl skipped: not JSON ("), sink.problems.get(0));
        Files.writeString(file, "{\"v\":7,\"kind\":\"window\"}\n", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
        assertEquals("bad.jsonl line 3: trace format version 7 is newer than this h2scope reads (versions 1 to 3): "
                + "open it with the h2scope that wrote it, or update this one", sink.awaitEnd());
        follow.close();
    }
}
