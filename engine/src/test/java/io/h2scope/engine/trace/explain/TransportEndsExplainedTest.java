package io.h2scope.engine.trace.explain;

import static io.h2scope.engine.trace.explain.EngineErrorsExplainedTest.assertStep;
import static io.h2scope.engine.trace.explain.EngineErrorsExplainedTest.only;
import static io.h2scope.engine.trace.explain.EngineErrorsExplainedTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Ends only a real transport makes, recorded by the engine's server on loopback: a client that resets its TCP
 * connection in the middle of a request, one left idle past the idle timeout, one that stops answering PINGs.
 */
@Timeout(60)
class TransportEndsExplainedTest {

    private final List<TraceEvent> events = new CopyOnWriteArrayList<>();
    private final TraceSink sink = events::add;

    private List<Finding> explainWhenClosed() throws InterruptedException {
        Await.until(() -> events.stream().anyMatch(ConnectionClosed.class::isInstance), () -> "closed in " + events);
        return Explainer.explain(events, ExplainLimits.DEFAULTS);
    }

    /** The client preface, an empty SETTINGS, and a request on stream 1 whose body has not come yet. */
    private static void startRequest(OutputStream out) throws Exception {
        out.write(Recording.PREFACE);
        out.write(FrameWriter.encode(SettingsFrame.of(List.of())));
        out.write(FrameWriter.encode(HeadersFrame.of(1, new HpackEncoder(4096).encode(List.of(
                new io.h2scope.engine.hpack.HeaderField(":method", "POST"),
                new io.h2scope.engine.hpack.HeaderField(":scheme", "http"),
                new io.h2scope.engine.hpack.HeaderField(":authority", "localhost"),
                new io.h2scope.engine.hpack.HeaderField(":path", "/upload"))), false, true)));
        out.flush();
    }

    @Test
    void aTcpResetMidStreamIsTheSocketFailingWithTheStreamOpen() throws Exception {
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(sink).start();
        try (Socket client = new Socket("127.0.0.1", server.port())) {
            startRequest(client.getOutputStream());
            Await.until(() -> events.stream().anyMatch(e -> e instanceof FrameEvent f
                    && f.direction() == Direction.INBOUND && f.header().typeCode() == FrameType.HEADERS.code()),
                    () -> "the request read: " + events);
            client.setSoLinger(true, 0); // close with a TCP reset
            client.close();
            Finding f = only(explainWhenClosed(), Finding.Kind.CONNECTION_ENDED);
            assertEquals(Severity.CRITICAL, f.severity());
            assertNull(f.by(), "the recording cannot tell who reset the socket");
            assertNull(f.frame(), "no GOAWAY, no RST_STREAM: the socket went");
            assertEquals(List.of(1), f.streams());
            assertEquals(Role.SERVER, f.viewpoint().role());
            assertTrue(f.summary().startsWith("The socket failed (") && f.summary().endsWith(
                    ") with stream 1 still open: no GOAWAY said which streams were processed"), f.summary());
            assertTrue(f.summary().toLowerCase(java.util.Locale.ROOT).contains("reset"),
                    "the socket's own word for it: " + f.summary());
            assertEquals("RFC 9113 §6.8", f.rule().spec());
            assertStep(f, "The peer sent HEADERS on stream 1 (POST /upload)");
            assertStep(f, "The connection closed: io_error");
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void anIdleConnectionClosedByTheTimeoutIsANotice() throws Exception {
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).idleTimeout(Duration.ofMillis(300))
                .traceSink(sink).start();
        try (Socket client = new Socket("127.0.0.1", server.port())) {
            OutputStream out = client.getOutputStream();
            out.write(Recording.PREFACE);
            out.write(FrameWriter.encode(SettingsFrame.of(List.of())));
            out.flush();
            List<Finding> findings = explainWhenClosed();
            Finding f = only(findings, Finding.Kind.IDLE_TIMEOUT);
            assertEquals(Side.LOCAL, f.by());
            assertTrue(f.summary().startsWith("We closed the connection, idle for ") && f.summary().endsWith(
                    ", with GOAWAY NO_ERROR (idle for 300 ms)"), f.summary());
            assertTrue(findings.stream().noneMatch(x -> x.kind() == Finding.Kind.CONNECTION_ENDED), text(findings));
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void aPeerThatStopsAnsweringPingsHasVanished() throws Exception {
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).pingInterval(Duration.ofMillis(200))
                .traceSink(sink).start();
        try (Socket client = new Socket("127.0.0.1", server.port())) {
            startRequest(client.getOutputStream()); // then it reads nothing and answers nothing
            Finding f = only(explainWhenClosed(), Finding.Kind.CONNECTION_ENDED);
            assertEquals(Side.REMOTE, f.by());
            assertTrue(f.summary().startsWith("The peer stopped answering: nothing read and no PING ACK within the "
                    + "ping interval with stream 1 still open"), f.summary());
            assertEquals("RFC 9113 §6.7", f.rule().spec());
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }
}
