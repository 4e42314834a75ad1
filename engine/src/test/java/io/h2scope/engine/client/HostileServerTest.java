package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The client against a hostile server, one mode per test: a scripted raw server does one wrong or abusive thing, and
 * the client's error must say what the server did (closed mid-response, sent something that is not HTTP/2, ...) or
 * which of our limits it hit, never a bare "closed". Bounded: every mode ends within the client's own timeouts.
 */
@Timeout(60)
class HostileServerTest {

    /** What the raw server does once the client's preface is read; {@code in} is after the preface. */
    interface Mode {
        void run(DataInputStream in, OutputStream out) throws IOException;
    }

    @Test
    void aServerThatClosesAtOnceIsNamed() throws Exception {
        String m = failureOf((in, out) -> { });
        assertNamed(m, "closed the connection", "before its SETTINGS");
    }

    @Test
    void aServerThatAnswersWithHttp1IsNamed() throws Exception {
        String m = failureOf((in, out) -> out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII)));
        assertNamed(m, "HTTP/1.1 400");
    }

    @Test
    void aPlaintextAnswerToOurClientHelloIsNamed_rfc8446_5_1() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread peer = new Thread(() -> {
                try (Socket s = server.accept()) {
                    s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    s.shutdownOutput();
                    s.getInputStream().readAllBytes();
                } catch (IOException e) {
                    // over
                }
            });
            peer.setDaemon(true);
            peer.start();
            try (H2Client client = H2Client.newBuilder().insecure().maxRetries(0).build()) {
                IOException e = assertThrows(IOException.class,
                        () -> client.get("https://127.0.0.1:" + server.getLocalPort() + "/").body());
                assertNamed(e.getMessage(), "not TLS", "HTTP/1.1 400");
            }
        }
    }

    @Test
    void aServerThatClosesAfterItsSettingsIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            settingsThenRequest(in, out);
        });
        assertNamed(m, "closed the connection without a GOAWAY");
    }

    @Test
    void aServerThatClosesMidBodyIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            int id = settingsThenRequest(in, out);
            out.write(responseHead(id, false));
            out.write(FrameWriter.encode(DataFrame.of(id, new byte[100], false)));
        });
        assertNamed(m, "closed the connection without a GOAWAY");
    }

    @Test
    void aServerThatClosesInsideAFrameIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            int id = settingsThenRequest(in, out);
            out.write(responseHead(id, false));
            byte[] data = FrameWriter.encode(DataFrame.of(id, new byte[100], false));
            out.write(data, 0, 40);
        });
        assertNamed(m, "closed the connection");
    }

    @Test
    void aGoAwayThenCloseIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            settingsThenRequest(in, out);
            out.write(FrameWriter.encode(GoAwayFrame.of(0, ErrorCode.INTERNAL_ERROR, "bye".getBytes(StandardCharsets.US_ASCII))));
        });
        assertNamed(m, "GOAWAY INTERNAL_ERROR");
    }

    @Test
    void aSmallHpackBombNamesOurHeaderListLimit_rfc9113_10_5_1() throws Exception {
        String m = failureOf((in, out) -> {
            int id = settingsThenRequest(in, out);
            // one 4,000-octet field into the dynamic table, then 100 references to it: 400 KB of fields from 4 KB
            ByteArrayOutputStream block = new ByteArrayOutputStream();
            block.write(new HpackEncoder(4096).encode(List.of(new HeaderField(":status", "200"))));
            block.write(0x40); // literal with incremental indexing, new name
            block.write(3);
            block.write("x-a".getBytes(StandardCharsets.US_ASCII));
            writeLength(block, 4000);
            block.write("a".repeat(4000).getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 100; i++) {
                block.write(0x80 | 62); // indexed: the entry just added
            }
            out.write(FrameWriter.encode(HeadersFrame.of(id, block.toByteArray(), true, true)));
        });
        assertNamed(m, "header list", "SETTINGS_MAX_HEADER_LIST_SIZE");
    }

    @Test
    void aServerThatBreaksHpackIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            int id = settingsThenRequest(in, out);
            out.write(FrameWriter.encode(HeadersFrame.of(id, new byte[] {(byte) 0x80}, true, true))); // index 0
        });
        assertNamed(m, "COMPRESSION_ERROR");
    }

    @Test
    void aContinuationFloodIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            int id = settingsThenRequest(in, out);
            out.write(FrameWriter.encode(HeadersFrame.of(id, new byte[] {(byte) 0x88}, false, false)));
            for (int i = 0; i < 100; i++) {
                out.write(FrameWriter.encode(ContinuationFrame.of(id, new byte[0], false)));
            }
        });
        assertNamed(m, "ENHANCE_YOUR_CALM");
    }

    @Test
    void aPingFloodIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            settingsThenRequest(in, out);
            ByteArrayOutputStream flood = new ByteArrayOutputStream();
            for (int i = 0; i < 5_000; i++) {
                flood.write(FrameWriter.encode(PingFrame.of(i)));
            }
            out.write(flood.toByteArray());
            in.readAllBytes(); // until the client closes
        });
        assertNamed(m, "PING");
    }

    @Test
    void aWindowOverflowIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            settingsThenRequest(in, out);
            out.write(FrameWriter.encode(WindowUpdateFrame.of(0, Integer.MAX_VALUE)));
            in.readAllBytes();
        });
        assertNamed(m, "FLOW_CONTROL_ERROR");
    }

    @Test
    void aBadSettingIsNamed() throws Exception {
        String m = failureOf((in, out) -> {
            out.write(FrameWriter.encode(SettingsFrame.of(new RawSetting(0x2, 7))));
            in.readAllBytes();
        });
        assertNamed(m, "ENABLE_PUSH");
    }

    @Test
    void aServerThatNeverAnswersIsNamedByOurTimeout() throws Exception {
        String m = failureOf(H2Client.newBuilder().responseHeadersTimeout(Duration.ofMillis(500)), (in, out) -> {
            settingsThenRequest(in, out);
            in.readAllBytes();
        });
        assertNamed(m, "500");
    }

    private static void assertNamed(String message, String... parts) {
        System.out.println("hostile server: " + message);
        assertTrue(!message.matches("(?i).*(connection|stream|transport) closed\\W*"), "a bare close: " + message);
        for (String p : parts) {
            assertTrue(message.contains(p), "\"" + p + "\" missing from: " + message);
        }
    }

    /** Sends our SETTINGS and reads until the client's first request; returns its stream id. */
    private static int settingsThenRequest(DataInputStream in, OutputStream out) throws IOException {
        out.write(FrameWriter.encode(SettingsFrame.of()));
        out.flush();
        while (true) {
            ClientFrame frame = ClientFrame.read(in);
            if (frame.settingsToAck()) {
                out.write(FrameWriter.encode(SettingsFrame.ackFrame()));
            } else if (frame.headers()) {
                return frame.streamId();
            }
        }
    }

    private static byte[] responseHead(int streamId, boolean endStream) {
        byte[] block = new HpackEncoder(4096).encode(List.of(new HeaderField(":status", "200")));
        return FrameWriter.encode(HeadersFrame.of(streamId, block, endStream, true));
    }

    /** An HPACK string length with a 7-bit prefix, no Huffman (RFC 7541 §5.1, §5.2). */
    private static void writeLength(ByteArrayOutputStream out, int length) {
        if (length < 127) {
            out.write(length);
            return;
        }
        out.write(127);
        int rest = length - 127;
        while (rest >= 128) {
            out.write((rest & 0x7f) | 0x80);
            rest >>>= 7;
        }
        out.write(rest);
    }

    private static String failureOf(Mode mode) throws Exception {
        return failureOf(H2Client.newBuilder(), mode);
    }

    /** The client's error for one GET against a raw server running {@code mode} on every connection. */
    private static String failureOf(H2Client.Builder builder, Mode mode) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread peer = new Thread(() -> serve(server, mode));
            peer.setDaemon(true);
            peer.start();
            try (H2Client client = builder.maxRetries(0).connectTimeout(Duration.ofSeconds(5)).build()) {
                IOException e = assertThrows(IOException.class,
                        () -> client.get("http://127.0.0.1:" + server.getLocalPort() + "/").body());
                return e.getMessage();
            }
        }
    }

    private static void serve(ServerSocket server, Mode mode) {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                in.readFully(new byte[24]); // the client preface
                OutputStream out = s.getOutputStream();
                mode.run(in, out);
                out.flush();
                // a half-close, then what the client still sends is read: a close with unread input would be a TCP
                // reset, which may discard what the mode sent before the client reads it
                s.shutdownOutput();
                s.setSoTimeout(10_000);
                in.readAllBytes();
            } catch (IOException e) {
                // this connection is over
            }
        }
    }
}
