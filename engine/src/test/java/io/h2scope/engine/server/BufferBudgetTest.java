package io.h2scope.engine.server;

import io.h2scope.engine.scripted.ScriptedPeer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code maxBufferedBytes} on a real reference server: response data queued behind closed windows counts against it;
 * over it the streams that have waited longest on a closed window, server-wide, are reset with CANCEL, and while it
 * stays spent new streams get REFUSED_STREAM. Each stalled {@code /bytes/N} stream queues 96 KiB (three 32 KiB writes,
 * the third waiting on the 64 KiB write buffer). Only order is asserted, never time.
 */
@Timeout(120)
class BufferBudgetTest {

    private static final int STALLED_STREAM_BYTES = 3 * 32 * 1024;

    private H2Server server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private void start(long maxBufferedBytes) throws IOException {
        server = H2Server.builder().port(0).maxBufferedBytes(maxBufferedBytes).handler(new ReferenceHandler()).start();
    }

    @Test
    void overTheBudgetTheLongestStalledStreamIsResetWhicheverConnectionItIsOn() throws Exception {
        start(4 * STALLED_STREAM_BYTES + STALLED_STREAM_BYTES / 2); // room for four and a half stalled streams
        try (ScriptedPeer a = ScriptedPeer.connect(server.port()).greet(); ScriptedPeer b = ScriptedPeer.connect(server.port()).greet()) {
            for (ScriptedPeer c : List.of(a, b)) {
                c.send(FrameWriter.encode(SettingsFrame.of(new RawSetting(0x4, 0)))); // no response DATA may go
            }
            // a:1, b:1, a:3, b:3 in that order, each published as stalled before the next begins
            ScriptedPeer[] order = {a, b, a, b};
            for (int i = 0; i < order.length; i++) {
                order[i].get(i < 2 ? 1 : 3, "/bytes/1000000");
                int stalled = i + 1;
                Await.until(() -> server.stalled().size() == stalled, () -> stalled + " stalled streams published, not "
                        + server.stalled().size() + " (" + server.queuedResponseBytes() + " bytes queued)");
            }
            // a stream is published as stalled at its first write that waits; its later writes are queued after that
            Await.until(() -> server.queuedResponseBytes() == 4L * STALLED_STREAM_BYTES, () -> "four stalled streams"
                    + " should queue " + 4L * STALLED_STREAM_BYTES + " bytes, not " + server.queuedResponseBytes());
            b.get(5, "/bytes/1000000"); // the fifth goes over the budget (and the tenth of it kept free)
            Frame f = a.await(x -> x instanceof RstStreamFrame);
            assertNotNull(f, "connection a ended without a reset");
            assertEquals(1, f.streamId(), "a's stream 1 had waited longest: " + f);
            assertEquals(ErrorCode.CANCEL.code(), ((RstStreamFrame) f).errorCode(), f.toString());
            Await.until(() -> server.queuedResponseBytes() == 4L * STALLED_STREAM_BYTES, () -> "a:3, b:1, b:3 and b:5"
                    + " should hold four streams' worth, not " + server.queuedResponseBytes() + " bytes");
            assertEquals(1, server.memoryShedStreams(), "one stream freed enough");
        }
        Await.until(() -> server.bufferedBytes() == 0, () -> server.bufferedBytes() + " bytes still counted after the close");
    }

    @Test
    void whileTheBudgetIsSpentNewStreamsAreRefusedAndServedOnceItIsFree() throws Exception {
        start(64 * 1024);
        Socket reader = nonReadingClient(server.port()); // its response piles up; nothing of it waits on a window
        Await.until(() -> server.queuedResponseBytes() > 64 * 1024, () -> "only " + server.queuedResponseBytes()
                + " bytes queued for the client that does not read");
        try (ScriptedPeer client = ScriptedPeer.connect(server.port()).greet()) {
            client.get(1, "/");
            Frame refused = client.await(f -> f.streamId() == 1 && (f instanceof RstStreamFrame || f instanceof HeadersFrame));
            assertTrue(refused instanceof RstStreamFrame r && r.errorCode() == ErrorCode.REFUSED_STREAM.code(),
                    "stream 1 not refused: " + refused);
            assertTrue(server.memoryRefusedStreams() >= 1);
            reader.close();
            Await.until(() -> server.queuedResponseBytes() == 0, "the closed connection's queue is given back");
            client.get(3, "/");
            Frame served = client.await(f -> f.streamId() == 3);
            assertTrue(served instanceof HeadersFrame, "stream 3 not served once memory was free: " + served);
        }
    }

    /** A client with wide windows asking for 200 MB and never reading: what the server writes waits in its queues. */
    private static Socket nonReadingClient(int port) throws IOException {
        Socket s = new Socket();
        s.setReceiveBufferSize(4096);
        s.connect(new InetSocketAddress("127.0.0.1", port));
        OutputStream out = s.getOutputStream();
        out.write(Preface.bytes());
        out.write(FrameWriter.encode(SettingsFrame.of(new RawSetting(0x4, 16 << 20))));
        out.write(FrameWriter.encode(WindowUpdateFrame.of(0, 1 << 30)));
        byte[] block = new HpackEncoder(4096).encode(List.of(new HeaderField(":method", "GET"),
                new HeaderField(":scheme", "http"), new HeaderField(":authority", "localhost"),
                new HeaderField(":path", "/bytes/200000000")));
        out.write(FrameWriter.encode(HeadersFrame.of(1, block, true, true)));
        out.flush();
        return s;
    }
}
