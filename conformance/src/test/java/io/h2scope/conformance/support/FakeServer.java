package io.h2scope.conformance.support;

import io.h2scope.conformance.target.Target;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-process HTTP/2 server on 127.0.0.1 that misbehaves on purpose, to test the verdict logic:
 * each connection runs a {@link Script} that sees every frame the peer sends.
 */
public final class FakeServer implements AutoCloseable {

    /** What a connection does. */
    public interface Script {
        /** Called once after the preface arrived (answer it, or not). */
        void onPreface(Conn conn) throws IOException;

        /** Called for every frame (or broken frame: {@code violation} non-null) the peer sends. */
        void onFrame(Conn conn, Frame frame, Violation violation) throws IOException;
    }

    /** One accepted connection. */
    public static final class Conn {
        private final Socket socket;
        private final OutputStream out;
        private final HpackEncoder encoder = new HpackEncoder(4096);

        Conn(Socket socket) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
        }

        public void send(Frame frame) throws IOException {
            out.write(FrameWriter.encode(frame));
            out.flush();
        }

        public void sendRaw(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** A 200 response with a small body on {@code streamId}. */
        public void respond(int streamId) throws IOException {
            send(HeadersFrame.of(streamId, encoder.encode(List.of(new HeaderField(":status", "200"))), false, true));
            send(io.h2scope.engine.frame.DataFrame.of(streamId, "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII), true));
        }

        public void close() throws IOException {
            socket.close();
        }
    }

    private final ServerSocket server;
    private final Thread acceptor;
    private final AtomicInteger connections = new AtomicInteger();

    public FakeServer(Script script) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> acceptLoop(script), "fake-h2-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public Target target() {
        return new Target("fake", "127.0.0.1", server.getLocalPort(), false, "/");
    }

    public int connections() {
        return connections.get();
    }

    private void acceptLoop(Script script) {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                Thread t = new Thread(() -> serve(socket, script), "fake-h2-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private static void serve(Socket socket, Script script) {
        try (socket) {
            Conn conn = new Conn(socket);
            InputStream in = socket.getInputStream();
            byte[] preface = in.readNBytes(24);
            if (preface.length < 24) {
                return;
            }
            script.onPreface(conn);
            FrameReader reader = FrameReader.lenient(FrameSizes.MAX_FRAME_SIZE_LIMIT);
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) > 0) {
                IOException[] failure = new IOException[1];
                reader.read(ByteBuffer.wrap(buffer, 0, n), new FrameHandler() {
                    @Override
                    public void onFrame(Frame frame) {
                        call(frame, null);
                    }

                    @Override
                    public void onViolation(FrameHeader header, Violation violation) {
                        call(null, violation);
                    }

                    private void call(Frame frame, Violation violation) {
                        try {
                            if (failure[0] == null) {
                                script.onFrame(conn, frame, violation);
                            }
                        } catch (IOException e) {
                            failure[0] = e;
                        }
                    }
                });
                if (failure[0] != null || socket.isClosed()) {
                    return;
                }
            }
        } catch (IOException ignored) {
            // the peer went away
        }
    }

    /** Stops accepting (a "crashed" server): new connections are refused. */
    @Override
    public void close() throws IOException {
        server.close();
    }

    // ---- building blocks for scripts --------------------------------------------------------

    /** Answers the preface like a normal server: empty SETTINGS. */
    public static void normalPreface(Conn conn) throws IOException {
        conn.send(SettingsFrame.of());
    }

    /** The housekeeping every script shares: ACK SETTINGS, answer PING, respond to complete requests. */
    public static boolean housekeeping(Conn conn, Frame frame) throws IOException {
        if (frame instanceof SettingsFrame s && !s.ack()) {
            conn.send(SettingsFrame.ackFrame());
            return true;
        }
        if (frame instanceof PingFrame p && !p.ack() && p.streamId() == 0) {
            conn.send(PingFrame.ackOf(p.opaqueData()));
            return true;
        }
        if (frame instanceof HeadersFrame h && h.endStream() && h.endHeaders() && h.streamId() % 2 == 1) {
            conn.respond(h.streamId());
            return true;
        }
        return frame instanceof SettingsFrame || frame instanceof PingFrame;
    }
}
