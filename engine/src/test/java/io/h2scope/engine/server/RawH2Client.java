package io.h2scope.engine.server;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.testsupport.Await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Predicate;

/** A blocking h2c client speaking raw frames, for tests that watch exactly what the server sends. */
final class RawH2Client implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final FrameReader reader = new FrameReader(16_384);
    private final ArrayDeque<Frame> received = new ArrayDeque<>();
    private final HpackEncoder encoder = new HpackEncoder(4096);
    /** Every HEADERS frame's fields, decoded as it was read so that the HPACK table stays in step. */
    private final java.util.Map<Frame, List<HeaderField>> decoded = new java.util.IdentityHashMap<>();
    private final io.h2scope.engine.hpack.HpackDecoder decoder = new io.h2scope.engine.hpack.HpackDecoder(4096, Long.MAX_VALUE, 1 << 20);
    private boolean eof;

    RawH2Client(int port) throws IOException {
        this("127.0.0.1", port);
    }

    /** A client connecting from the local address {@code from} (127.0.0.2, say: another client address). */
    RawH2Client(String from, int port) throws IOException {
        socket = new Socket();
        socket.bind(new java.net.InetSocketAddress(from, 0));
        socket.connect(new java.net.InetSocketAddress("127.0.0.1", port));
        socket.setSoTimeout((int) Await.PATIENCE.toMillis()); // a frame that has not come by then never will
        out = socket.getOutputStream();
        in = socket.getInputStream();
        send(Preface.bytes());
        send(FrameWriter.encode(SettingsFrame.of(List.of())));
        send(FrameWriter.encode(SettingsFrame.ackFrame()));
    }

    void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void get(int streamId, String path) throws IOException {
        byte[] block = encoder.encode(List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "localhost"), new HeaderField(":path", path)));
        send(FrameWriter.encode(HeadersFrame.of(streamId, block, true, true)));
    }

    /** Reads until a frame matches (returned) or the connection ends (null). */
    Frame await(Predicate<Frame> wanted) throws IOException {
        while (true) {
            while (!received.isEmpty()) {
                Frame f = received.poll();
                if (wanted.test(f)) {
                    return f;
                }
            }
            if (eof || !readSome()) {
                return null;
            }
        }
    }

    /** The fields of a HEADERS frame this client read (one with END_HEADERS). */
    List<HeaderField> decode(HeadersFrame frame) {
        return decoded.get(frame);
    }

    /** True when the server closed the connection (EOF) before {@code wanted} came. */
    boolean closedWithout(Predicate<Frame> wanted) throws IOException {
        return await(wanted) == null;
    }

    private boolean readSome() throws IOException {
        byte[] buffer = new byte[16_384];
        int n;
        try {
            n = in.read(buffer);
        } catch (java.net.SocketException reset) {
            n = -1;
        }
        if (n < 0) {
            eof = true;
            return false;
        }
        reader.read(ByteBuffer.wrap(buffer, 0, n), new FrameHandler() {
            @Override
            public void onFrame(Frame frame) {
                if (frame instanceof HeadersFrame h) {
                    decoded.put(frame, decoder.decode(h.fragment()));
                }
                received.add(frame);
            }

            @Override
            public void onViolation(FrameHeader header, Violation violation) {
                throw new AssertionError("the server sent a broken frame: " + header + " " + violation);
            }
        });
        return true;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
