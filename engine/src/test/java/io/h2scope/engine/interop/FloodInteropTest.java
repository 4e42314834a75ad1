package io.h2scope.engine.interop;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Floods against the running server (H2-ATTACKS): each ends the flooding connection with GOAWAY
 * ENHANCE_YOUR_CALM (RFC 9113 §10.5) under the default {@code Limits}, and the server keeps serving a
 * fresh client afterwards. Every flood is bounded (a few thousand frames) and time-limited.
 */
@Timeout(60)
class FloodInteropTest {

    private static H2Server server;

    @BeforeAll
    static void start() throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.h2c());
    }

    @AfterAll
    static void stop() {
        server.shutdown(Duration.ofSeconds(2));
    }

    @Test
    void rapidResetEndsWithEnhanceYourCalm_cve_2023_44487() throws Exception {
        try (RawClient c = new RawClient()) {
            byte[] block = new HpackEncoder(4096).encode(get("/slow?ms=5000"));
            ByteArrayOutputStream burst = new ByteArrayOutputStream();
            for (int i = 0, id = 1; i < 3000; i++, id += 2) {
                burst.writeBytes(FrameWriter.encode(HeadersFrame.of(id, block, true, true)));
                burst.writeBytes(FrameWriter.encode(RstStreamFrame.of(id, ErrorCode.CANCEL)));
            }
            c.send(burst.toByteArray());
            assertCalm(c.awaitGoAway());
        }
        assertStillServing();
    }

    @Test
    void pingFloodEndsWithEnhanceYourCalm() throws Exception {
        try (RawClient c = new RawClient()) {
            ByteArrayOutputStream burst = new ByteArrayOutputStream();
            for (int i = 0; i < 3000; i++) {
                burst.writeBytes(FrameWriter.encode(PingFrame.of(i)));
            }
            c.send(burst.toByteArray());
            assertCalm(c.awaitGoAway());
        }
        assertStillServing();
    }

    @Test
    void settingsFloodEndsWithEnhanceYourCalm() throws Exception {
        try (RawClient c = new RawClient()) {
            ByteArrayOutputStream burst = new ByteArrayOutputStream();
            for (int i = 0; i < 1000; i++) {
                burst.writeBytes(FrameWriter.encode(SettingsFrame.of(List.of(new RawSetting(4, 65_535 + i % 2)))));
            }
            c.send(burst.toByteArray());
            assertCalm(c.awaitGoAway());
        }
        assertStillServing();
    }

    @Test
    void continuationFloodEndsWithEnhanceYourCalm() throws Exception {
        try (RawClient c = new RawClient()) {
            byte[] block = new HpackEncoder(4096).encode(get("/"));
            ByteArrayOutputStream burst = new ByteArrayOutputStream();
            burst.writeBytes(FrameWriter.encode(HeadersFrame.of(1, block, true, false)));
            for (int i = 0; i < 1000; i++) {
                burst.writeBytes(FrameWriter.encode(ContinuationFrame.of(1, new byte[0], false)));
            }
            c.send(burst.toByteArray());
            assertCalm(c.awaitGoAway());
        }
        assertStillServing();
    }

    private static void assertCalm(GoAwayFrame goAway) {
        assertNotNull(goAway, "the connection ended without GOAWAY");
        assertEquals("ENHANCE_YOUR_CALM", goAway.errorName(), new String(goAway.debugData()));
    }

    private static void assertStillServing() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(server.url())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals(ReferenceHandler.ROOT_BODY, r.body());
    }

    private static List<HeaderField> get(String path) {
        return List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "localhost"), new HeaderField(":path", path));
    }

    /** A blocking socket speaking raw frames: preface and empty SETTINGS on open. */
    private static final class RawClient implements AutoCloseable {
        private final Socket socket = new Socket("127.0.0.1", server.port());
        private final OutputStream out = socket.getOutputStream();
        private final InputStream in = socket.getInputStream();

        RawClient() throws IOException {
            socket.setSoTimeout(10_000);
            out.write(Preface.bytes());
            out.write(FrameWriter.encode(SettingsFrame.of(List.of())));
            out.write(FrameWriter.encode(SettingsFrame.ackFrame()));
            out.flush();
        }

        /** Writes on a helper thread, so a server that stops reading cannot block the test's reads. */
        void send(byte[] bytes) {
            Thread t = new Thread(() -> {
                try {
                    out.write(bytes);
                    out.flush();
                } catch (IOException expected) {
                    // the server closed the connection in the middle of the flood
                }
            }, "flood-writer");
            t.setDaemon(true);
            t.start();
        }

        /** Reads frames until GOAWAY (returned) or the end of the connection (null). */
        GoAwayFrame awaitGoAway() throws IOException {
            FrameReader reader = new FrameReader(16_384);
            List<Frame> frames = new ArrayList<>();
            byte[] buffer = new byte[16_384];
            while (true) {
                int n;
                try {
                    n = in.read(buffer);
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("no GOAWAY within 10 s; frames: " + frames.size());
                } catch (IOException reset) {
                    return null;
                }
                if (n < 0) {
                    return null;
                }
                reader.read(ByteBuffer.wrap(buffer, 0, n), new FrameHandler() {
                    @Override
                    public void onFrame(Frame frame) {
                        frames.add(frame);
                    }

                    @Override
                    public void onViolation(FrameHeader header, Violation violation) {
                    }
                });
                for (Frame f : frames) {
                    if (f instanceof GoAwayFrame g) {
                        return g;
                    }
                }
                frames.clear();
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
