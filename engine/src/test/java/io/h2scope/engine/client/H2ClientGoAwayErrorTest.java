package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that answers a request with GOAWAY and an error code, then closes (what nginx does to a
 * request header larger than its buffers: GOAWAY ENHANCE_YOUR_CALM). The request's error names the
 * code, the last stream id and the debug data, instead of a bare "transport closed".
 */
@Timeout(60)
class H2ClientGoAwayErrorTest {

    @Test
    void theErrorOfARequestCutOffByGoAwayNamesItsCodeAndDebugData_rfc9113_6_8() throws Exception {
        IOException e = requestAgainstGoAway(ErrorCode.ENHANCE_YOUR_CALM, "header too large");
        assertTrue(e.getMessage().contains("GOAWAY ENHANCE_YOUR_CALM (last stream 1, debug \"header too large\""),
                e.getMessage());
        assertTrue(e.getMessage().contains("RFC 9113 §6.8"), e.getMessage());
    }

    @Test
    void debugDataIsShownUpToItsLimit() throws Exception {
        String debug = "x".repeat(ClientConnection.MAX_DEBUG_SHOWN + 50) + "\n";
        IOException e = requestAgainstGoAway(ErrorCode.PROTOCOL_ERROR, debug);
        String shown = "x".repeat(ClientConnection.MAX_DEBUG_SHOWN);
        assertTrue(e.getMessage().contains("debug \"" + shown + "…\""), e.getMessage());
        assertFalse(e.getMessage().contains(shown + "x"), e.getMessage());
    }

    /** One client request against a server that answers its HEADERS with {@code GOAWAY(1, code, debug)} and closes. */
    private static IOException requestAgainstGoAway(ErrorCode code, String debug) throws Exception {
        AtomicInteger requests = new AtomicInteger();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread peer = new Thread(() -> answerWithGoAway(server, code, debug, requests));
            peer.setDaemon(true);
            peer.start();
            try (H2Client client = H2Client.newBuilder().build()) {
                IOException e = assertThrows(IOException.class,
                        () -> client.get("http://127.0.0.1:" + server.getLocalPort() + "/big-header"));
                assertEquals(1, requests.get(), "stream 1 was at or below the last id: failed, not retried");
                return e;
            }
        }
    }

    private static void answerWithGoAway(ServerSocket server, ErrorCode code, String debug, AtomicInteger requests) {
        try (Socket s = server.accept()) {
            DataInputStream in = new DataInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            in.readFully(new byte[24]); // the client preface
            out.write(FrameWriter.encode(SettingsFrame.of()));
            out.flush();
            while (true) {
                ClientFrame frame = ClientFrame.read(in);
                if (frame.settingsToAck()) {
                    out.write(FrameWriter.encode(SettingsFrame.ackFrame()));
                    out.flush();
                } else if (frame.headers()) {
                    requests.incrementAndGet();
                    out.write(FrameWriter.encode(GoAwayFrame.of(1, code, debug.getBytes(StandardCharsets.US_ASCII))));
                    out.flush();
                    return; // and close
                }
            }
        } catch (IOException e) {
            // the test is over
        }
    }
}
