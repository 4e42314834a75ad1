package io.h2scope.engine.trace;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The attach stream's one client: events from a real engine's attach socket, its refusal, and nothing listening. */
@Timeout(60)
class AttachClientTest {

    @TempDir
    Path dir;

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream());
    }

    private static final class Kept implements AttachClient.Handler {
        final List<TraceEvent> events = new CopyOnWriteArrayList<>();

        @Override
        public void event(TraceEvent event) {
            events.add(event);
        }

        @Override
        public void gap(long dropped) {
        }

        @Override
        public boolean badLine(TraceFormatException problem) {
            throw new AssertionError(problem);
        }
    }

    @Test
    void eventsArriveAfterTheOpeningAndSnapshotUntilTheEngineCloses() throws Exception {
        Path socket = dir.resolve("t.sock");
        LiveTrace server = LiveTrace.listening(ListenAddress.parse(socket.toString()), quiet());
        ConnectionOpened opened = ConnectionOpened.of(4, 0, Role.SERVER,
                ConnectionOrigin.at(Instant.parse("2025-06-01T14:03:00.123456Z")));
        server.onEvent(opened);
        Kept kept = new Kept();
        AttachClient client = AttachClient.connect(ListenAddress.parse(socket.toString()), null);
        CompletableFuture<Void> reading = CompletableFuture.runAsync(() -> {
            try {
                client.read(kept);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        Await.until(() -> !kept.events.isEmpty(), "the first line, which shows the reader is registered");
        WindowChanged window = new WindowChanged(4, 10, 0, WindowSide.RECEIVE, 65_535, 100, WindowCause.DATA);
        server.onEvent(window);
        Await.until(() -> kept.events.size() >= 3, () -> "the event after the opening and the snapshot: " + kept.events);
        server.close();
        reading.get();
        client.close();
        assertEquals(opened, ((ConnectionOpened) kept.events.get(0)).withPrivacy(null),
                "a late reader learns who and when, the clock of time 0 included");
        assertInstanceOf(SnapshotTaken.class, kept.events.get(1));
        assertEquals(List.of(window), kept.events.subList(2, kept.events.size()));
    }

    @Test
    void aWrongTokenIsRefusedWithWhatToDo() throws Exception {
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse("127.0.0.1:0"), quiet());
             AttachClient client = AttachClient.connect(ListenAddress.parse(live.attachServer().orElseThrow().where()),
                     "guess")) {
            AttachException e = assertThrows(AttachException.class, () -> client.read(new Kept()));
            assertTrue(e.refused(), e.getMessage());
            assertEquals("the engine refused the attach: wrong token", e.detail());
        }
    }

    @Test
    void nothingListeningIsNamedWithTheVariableToSet() {
        Path socket = dir.resolve("nobody.sock");
        IOException e = assertThrows(IOException.class, () -> AttachClient.connect(ListenAddress.parse(socket.toString()), null));
        assertTrue(e.getMessage().startsWith("no engine serves trace events on " + socket), e.getMessage());
        assertTrue(e.getMessage().endsWith("check that it runs with H2SCOPE_TRACE_LISTEN=" + socket), e.getMessage());
    }
}
