package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A crowd shed at a cap costs one log line per {@code logInterval}, not one per connection: the first shed is named at
 * once, the rest are counted into the next line. The listener's log clock is a virtual one, so the interval is what the
 * test moves it by.
 */
@Timeout(60)
class ShedLogTest {

    private static final Duration INTERVAL = Duration.ofSeconds(10);
    private static final int CROWD = 40;

    private NioEventLoopGroup group;
    private final AtomicLong now = new AtomicLong(1_000);
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new ArrayList<>();
    private final AtomicInteger openCount = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        group = new NioEventLoopGroup(TransportConfig.defaults().withName("shed-log").withLoopThreads(2));
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        assertTrue(group.shutdownGracefully(Await.PATIENCE));
    }

    @Test
    void aCrowdShedWithinOneIntervalGivesOneLine_theNextIntervalOneLineWithTheCount() throws Exception {
        NioServer server = NioServer.bind(group, new InetSocketAddress("127.0.0.1", 0), this::idleHandler,
                AcceptLimits.DEFAULTS.withMaxConnectionsPerAddress(1).withLogInterval(INTERVAL),
                new NioServer.LogLines(lines::add, now::get));
        for (int i = 0; i < CROWD; i++) { // each newcomer sheds the one before it: CROWD - 1 sheds
            open(server);
        }
        Await.until(() -> server.shedCount() == CROWD - 1, () -> server.shedCount() + " shed, not " + (CROWD - 1));
        assertEquals(1, lines.size(), () -> "one line for a burst within the interval, got " + lines);
        assertTrue(lines.get(0).contains("shedding the oldest idle connection for a new one: 127.0.0.1:"), lines.get(0));

        now.addAndGet(INTERVAL.toNanos());
        open(server);
        Await.until(() -> server.shedCount() == CROWD, () -> server.shedCount() + " shed, not " + CROWD);
        assertEquals(2, lines.size(), () -> "a second line once the interval has passed, got " + lines);
        assertTrue(lines.get(1).contains("(" + (CROWD - 1) + " times in the last 10000 ms, " + CROWD + " in all)"),
                lines.get(1));
        server.close();
    }

    /** Connects and waits until the server side is open and idle, so that the next newcomer sheds it. */
    private void open(NioServer server) throws IOException, InterruptedException {
        Socket s = new Socket();
        sockets.add(s);
        s.connect(new InetSocketAddress("127.0.0.1", server.port()));
        int n = sockets.size();
        Await.until(() -> openCount.get() == n, () -> openCount.get() + " connections open, not " + n);
    }

    /** A connection that marks itself idle from its start, as a server's protocol layer does before any stream. */
    private ConnectionHandler idleHandler() {
        return new RecordingHandler() {
            @Override
            public void onOpen(ConnectionContext context) {
                super.onOpen(context);
                context.capability(ConnectionActivity.class).ifPresent(a -> a.idle(System.nanoTime()));
                openCount.incrementAndGet();
            }
        };
    }
}
