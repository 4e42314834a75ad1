package io.h2scope.engine.trace;

import io.h2scope.engine.trace.jsonl.RollingFile;
import io.h2scope.engine.trace.jsonl.TraceFileFollower;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Following a trace file while another thread writes and rolls it: every line once, in order. */
@Timeout(60)
class TraceFileFollowerTest {

    @TempDir
    Path dir;

    private static byte[] line(int n) {
        return ("{\"v\":2,\"kind\":\"test\",\"n\":" + n + ",\"pad\":\"" + "x".repeat(n % 40) + "\"}\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void everyLineArrivesOnceInOrderAcrossRolls() throws Exception {
        Path file = dir.resolve("trace.jsonl");
        int total = 20_000;
        RollingFile rolling = new RollingFile(file, 48 * 1024);
        AtomicInteger read = new AtomicInteger();
        Thread writer = new Thread(() -> {
            try (rolling) {
                for (int i = 0; i < total; i++) {
                    // at most half a file ahead of the reader: a starved reader would otherwise miss files rolled
                    // away twice between two of its polls, which the follower cannot recover (only FILE.1 is kept)
                    while (i - read.get() > 500) {
                        Thread.sleep(1);
                    }
                    rolling.append(line(i));
                    if (i % 50 == 0) {
                        Thread.sleep(1);
                    }
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        List<Integer> seen = new ArrayList<>();
        try (TraceFileFollower follower = new TraceFileFollower(file)) {
            writer.start();
            // no wall-clock budget for the reading (a loaded machine only slows it): poll while the writer writes,
            // then until a poll finds nothing more; a line lost across a roll is then a count or an order mismatch
            long safety = System.nanoTime() + 50_000_000_000L;
            boolean writing = true;
            long found = 1;
            while ((writing || found > 0) && System.nanoTime() < safety) {
                writing = writer.isAlive(); // read before the poll: what it wrote before ending is in this poll
                found = follower.poll((octets, from, to, number, name) -> {
                    String text = new String(octets, from, to - from, StandardCharsets.US_ASCII);
                    seen.add(Integer.parseInt(text.substring(text.indexOf("\"n\":") + 4, text.indexOf(",\"pad\""))));
                });
                read.set(seen.size());
            }
            writer.join();
            follower.poll((octets, from, to, number, name) -> seen.add(-1));
            assertTrue(follower.rolls() > 5, "the writer rolled the file " + follower.rolls() + " times");
        }
        assertEquals(total, seen.size(), "lines read");
        for (int i = 0; i < total; i++) {
            assertEquals(i, seen.get(i), "line at " + i);
        }
    }

    @Test
    void aLineBeingWrittenWaitsForItsEnd() throws IOException {
        Path file = dir.resolve("partial.jsonl");
        Files.writeString(file, "{\"a\":1}\n{\"b\":");
        List<String> seen = new ArrayList<>();
        try (TraceFileFollower follower = new TraceFileFollower(file)) {
            TraceFileFollower.Handler handler = (octets, from, to, number, name) ->
                    seen.add(number + ":" + new String(octets, from, to - from, StandardCharsets.US_ASCII));
            assertEquals(1, follower.poll(handler));
            Files.writeString(file, "2}\n", java.nio.file.StandardOpenOption.APPEND);
            assertEquals(1, follower.poll(handler));
            assertEquals(0, follower.poll(handler));
        }
        assertEquals(List.of("1:{\"a\":1}", "2:{\"b\":2}"), seen);
    }

    @Test
    void aFileTruncatedInPlaceIsReadAgainFromItsStart() throws IOException {
        Path file = dir.resolve("restarted.jsonl");
        Files.writeString(file, "{\"old\":1}\n{\"old\":2}\n");
        List<String> seen = new ArrayList<>();
        try (TraceFileFollower follower = new TraceFileFollower(file)) {
            TraceFileFollower.Handler handler = (octets, from, to, number, name) ->
                    seen.add(new String(octets, from, to - from, StandardCharsets.US_ASCII));
            follower.poll(handler);
            Files.writeString(file, "{\"n\":1}\n");
            follower.poll(handler);
            follower.poll(handler);
        }
        assertEquals(List.of("{\"old\":1}", "{\"old\":2}", "{\"n\":1}"), seen);
    }

    @Test
    void aKeptLineReadsAgainAfterItsFileRolledAwayButNotAfterItWasWrittenOver() throws IOException {
        Path file = dir.resolve("kept.jsonl");
        Files.writeString(file, "{\"first\":1}\r\n{\"first\":2}\n");
        List<Long> positions = new ArrayList<>();
        try (TraceFileFollower follower = TraceFileFollower.keepingFiles(file)) {
            TraceFileFollower.Handler handler = (octets, from, to, number, name) -> positions.add(follower.position());
            follower.poll(handler);
            Files.move(file, file.resolveSibling("kept.jsonl.1")); // a roll: the old file moves away, a new one starts
            Files.writeString(file, "{\"second\":1}\n");
            follower.poll(handler);
            Files.delete(file.resolveSibling("kept.jsonl.1")); // a later roll removes it
            assertEquals(3, positions.size());
            assertEquals("{\"first\":1}", new String(follower.lineAt(positions.get(0)), StandardCharsets.US_ASCII));
            assertEquals("{\"first\":2}", new String(follower.lineAt(positions.get(1)), StandardCharsets.US_ASCII));
            assertEquals("{\"second\":1}", new String(follower.lineAt(positions.get(2)), StandardCharsets.US_ASCII));

            Files.writeString(file, "{\"n\":1}\n"); // truncated in place and written over
            follower.poll(handler); // sees it shorter: starts again
            follower.poll(handler);
            IOException gone = assertThrows(IOException.class, () -> follower.lineAt(positions.get(2)));
            assertTrue(gone.getMessage().contains("was truncated and written over"), gone.getMessage());
            assertEquals("{\"n\":1}", new String(follower.lineAt(positions.get(3)), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void aMissingFileIsNamed() {
        try (TraceFileFollower follower = new TraceFileFollower(dir.resolve("none.jsonl"))) {
            assertThrows(NoSuchFileException.class, () -> follower.poll((o, f, t, n, p) -> { }));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file whose line can never end as a trace event (binary, no line end) was waited on for ever. */
    @Test
    void aLineThatCannotBecomeAnEventIsNamedAtOnce() throws IOException {
        Path written = Files.writeString(dir.resolve("half.jsonl"), "{\"v\":2,");
        try (TraceFileFollower follower = new TraceFileFollower(written)) {
            assertEquals(0, follower.poll((o, f, t, n, p) -> { })); // a line being written: waited for
        }
        Path binary = Files.write(dir.resolve("binary.jsonl"), new byte[] {0x7f, 'E', 'L', 'F', 0, 1});
        try (TraceFileFollower follower = new TraceFileFollower(binary)) {
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> follower.poll((o, f, t, n, p) -> { }));
            assertEquals("line 1: not JSON (it does not start with '{'), and no line end follows", e.getMessage());
        }
    }
}
