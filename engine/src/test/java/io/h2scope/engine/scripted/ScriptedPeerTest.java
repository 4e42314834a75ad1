package io.h2scope.engine.scripted;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ProtocolException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two scripted peers against each other: one plays the client, one a server that breaks rules on purpose. */
class ScriptedPeerTest {

    private static final List<HeaderField> RESPONSE = List.of(new HeaderField(":status", "200"),
            new HeaderField("x-answer", "42"));

    @Test
    void aScriptedServerAnswersAClientWithValidAndBrokenFrames() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<List<Frame>> serverSaw = CompletableFuture.supplyAsync(() -> {
                try (ScriptedPeer server = ScriptedPeer.accept(listener)) {
                    assertEquals(Role.SERVER, server.role());
                    server.readPreface();
                    server.greet();
                    server.await(f -> f instanceof HeadersFrame);
                    server.headers(1, RESPONSE, false);
                    // DATA on stream 0: a frame the reader must refuse (RFC 9113 §6.1)
                    server.sendRaw(0x0, 0x1, 0, new byte[] {1, 2, 3});
                    server.await(f -> false); // until the client closes
                    return server.received();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            try (ScriptedPeer client = ScriptedPeer.connect(listener.getLocalPort()).greet()) {
                client.get(1, "/");
                HeadersFrame answer = (HeadersFrame) client.await(f -> f instanceof HeadersFrame);
                assertEquals(RESPONSE, client.fields(answer), "the block as the observer decoded it");
                Incoming broken = client.next();
                assertInstanceOf(Incoming.BrokenFrame.class, broken, "DATA on stream 0 is no frame the reader takes");
                assertTrue(client.received().stream().anyMatch(f -> f instanceof SettingsFrame s && !s.ack()));
                assertTrue(client.received().stream().noneMatch(f -> f instanceof DataFrame));
            }
            List<Frame> fromClient = serverSaw.get();
            assertTrue(fromClient.stream().anyMatch(f -> f instanceof HeadersFrame h && h.streamId() == 1), fromClient.toString());
        }
    }

    @Test
    void theOtherSidesFirstOctetsAreKeptUpTo64() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ScriptedPeer client = ScriptedPeer.connect(listener.getLocalPort())) {
            assertEquals(0, client.firstOctets().length, "nothing read yet");
            String answer = "HTTP/1.1 400 Bad Request\r\n" + "x".repeat(100);
            try (ScriptedPeer server = ScriptedPeer.accept(listener)) {
                server.send(answer.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                while (client.firstOctets().length < 64 && !client.isClosed()) {
                    client.readOnce(Duration.ofMillis(100));
                }
            }
            assertEquals(answer.substring(0, 64), new String(client.firstOctets(), java.nio.charset.StandardCharsets.US_ASCII));
        }
    }

    @Test
    void nextSaysNothingCameAndThenThatTheConnectionEnded() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ScriptedPeer client = ScriptedPeer.connect(listener.getLocalPort())) {
            try (ScriptedPeer server = ScriptedPeer.accept(listener)) {
                assertNull(client.next(Duration.ofMillis(50)), "the server sent nothing");
            }
            assertInstanceOf(Incoming.Closed.class, client.next());
            assertTrue(client.isClosed());
            assertTrue(client.closedWithout(f -> true));
        }
    }

    @Test
    void aServerRefusesOctetsThatAreNotThePreface() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ScriptedPeer client = ScriptedPeer.connect(listener.getLocalPort());
                ScriptedPeer server = ScriptedPeer.accept(listener)) {
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            ProtocolException refused = assertThrows(ProtocolException.class, server::readPreface);
            assertTrue(refused.getMessage().startsWith("the client sent \"GET / HTTP/1.1\\x0d\\x0a"), refused.getMessage());
        }
    }

    @Test
    void aGivenSinkHearsBothDirections() throws Exception {
        List<Object> events = new java.util.ArrayList<>();
        TraceSink sink = new TraceSink() {
            @Override
            public void onEvent(io.h2scope.engine.trace.model.TraceEvent event) {
                events.add(event);
            }

            @Override
            public boolean enabled() {
                return true;
            }
        };
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ScriptedPeer client = ScriptedPeer.client(new java.net.Socket(listener.getInetAddress(), listener.getLocalPort()), sink);
                ScriptedPeer server = ScriptedPeer.accept(listener)) {
            client.greet();
            server.readPreface();
            server.greet();
            client.await(f -> f instanceof SettingsFrame s && s.ack());
            long frames = events.stream().filter(e -> e instanceof io.h2scope.engine.trace.model.FrameEvent).count();
            assertTrue(frames >= 4, "our SETTINGS and ACK, and the server's: " + events);
        }
    }
}
