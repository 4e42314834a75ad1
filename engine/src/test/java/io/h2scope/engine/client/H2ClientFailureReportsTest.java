package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A scripted raw server answers the client's request; the client's error must name what happened after the
 * response head: the server's RST_STREAM or GOAWAY with its code, or our own error with its rule (issue 17).
 */
@Timeout(60)
class H2ClientFailureReportsTest {

    /** What the raw server writes after the request's HEADERS on {@code streamId}. */
    interface Script {
        void answer(OutputStream out, int streamId) throws IOException;
    }

    private static byte[] responseHead(int streamId) {
        byte[] block = new HpackEncoder(4096).encode(List.of(new HeaderField(":status", "200")));
        return FrameWriter.encode(HeadersFrame.of(streamId, block, false, true));
    }

    @Test
    void aResetAfterTheResponseHeadNamesTheServersCode() throws Exception {
        IOException e = failureOf(H2Client.newBuilder(), (out, id) -> {
            out.write(responseHead(id));
            out.write(FrameWriter.encode(DataFrame.of(id, new byte[10], false)));
            out.write(FrameWriter.encode(RstStreamFrame.of(id, ErrorCode.INTERNAL_ERROR)));
        });
        assertTrue(e.getMessage().contains("reset by the server with INTERNAL_ERROR"), e.getMessage());
    }

    @Test
    void aGoAwayBelowTheStreamNamesTheGoAwayNotRefusedStream_rfc9113_6_8() throws Exception {
        IOException e = failureOf(H2Client.newBuilder().maxRetries(1), (out, id) -> out.write(FrameWriter.encode(
                GoAwayFrame.of(0, ErrorCode.COMPRESSION_ERROR, "bad block".getBytes(StandardCharsets.US_ASCII)))));
        assertTrue(e.getMessage().contains("not processed"), e.getMessage());
        assertTrue(e.getMessage().contains("GOAWAY COMPRESSION_ERROR (last stream 0, debug \"bad block\")"), e.getMessage());
        assertFalse(e.getMessage().contains("reset by the server with REFUSED_STREAM"), e.getMessage());
    }

    @Test
    void aDataFrameOverOurMaxFrameSizeIsReportedAsOurFrameSizeError_rfc9113_4_2() throws Exception {
        IOException e = failureOf(H2Client.newBuilder(), (out, id) -> {
            out.write(responseHead(id));
            out.write(RawFrameWriter.frame(0x0, 0, id, new byte[70_000]));
        });
        assertTrue(e.getMessage().contains("FRAME_SIZE_ERROR"), e.getMessage());
        assertTrue(e.getMessage().contains("4.2"), e.getMessage());
        assertFalse(e.getMessage().contains("FLOW_CONTROL_ERROR"), e.getMessage());
    }

    @Test
    void dataOverOurStreamWindowIsReportedAsOurFlowControlError_rfc9113_6_9_1() throws Exception {
        // one frame, so no credit the client returns meanwhile can make room for it
        IOException e = failureOf(H2Client.newBuilder().windows(1_000, 1 << 20), (out, id) -> {
            out.write(responseHead(id));
            out.write(FrameWriter.encode(DataFrame.of(id, new byte[16_384], false))); // into a 1,000-octet stream window
        });
        assertTrue(e.getMessage().contains("FLOW_CONTROL_ERROR"), e.getMessage());
        assertTrue(e.getMessage().contains("6.9.1"), e.getMessage());
    }

    /** The client's error for one GET against a raw server running {@code script} on every connection. */
    private static IOException failureOf(H2Client.Builder builder, Script script) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread peer = new Thread(() -> serve(server, script));
            peer.setDaemon(true);
            peer.start();
            try (H2Client client = builder.build()) {
                return assertThrows(IOException.class,
                        () -> client.get("http://127.0.0.1:" + server.getLocalPort() + "/").body());
            }
        }
    }

    private static void serve(ServerSocket server, Script script) {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                OutputStream out = s.getOutputStream();
                in.readFully(new byte[24]); // the client preface
                out.write(FrameWriter.encode(SettingsFrame.of()));
                out.flush();
                boolean answered = false;
                while (true) {
                    ClientFrame frame = ClientFrame.read(in);
                    if (frame.settingsToAck()) {
                        out.write(FrameWriter.encode(SettingsFrame.ackFrame()));
                    } else if (frame.headers() && !answered) {
                        answered = true;
                        script.answer(out, frame.streamId());
                    }
                    out.flush();
                }
            } catch (IOException e) {
                // this connection is over; the next attempt (a retry) may come
            }
        }
    }
}
