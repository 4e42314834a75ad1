package io.h2scope.conformance.support;

import io.h2scope.conformance.targets.Target;
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
            respond(streamId, List.of(new HeaderField(":status", "200")), "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }

        /** A response with these fields and body (one DATA frame with END_STREAM, however long). */
        public void respond(int streamId, List<HeaderField> fields, byte[] body) throws IOException {
            send(HeadersFrame.of(streamId, encoder.encode(fields), false, true));
            send(io.h2scope.engine.frame.DataFrame.of(streamId, body, true));
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

    /**
     * A server that behaves, one hook per thing it does, for a test to override the one it breaks:
     * SETTINGS in its preface, an ACK for each SETTINGS, an ACK for each PING, a 200 for each complete
     * request, GOAWAY with the violated rule's code for a broken frame.
     */
    public static class Polite implements Script {
        private int settingsSeen;

        @Override
        public void onPreface(Conn conn) throws IOException {
            conn.send(SettingsFrame.of());
        }

        /** {@code nth}: 1 for the client's preface SETTINGS, 2 for the next, ... */
        protected void settings(Conn conn, SettingsFrame settings, int nth) throws IOException {
            conn.send(SettingsFrame.ackFrame());
        }

        protected void ping(Conn conn, PingFrame ping) throws IOException {
            conn.send(PingFrame.ackOf(ping.opaqueData()));
        }

        /** A HEADERS frame that completes a request (END_STREAM and END_HEADERS). */
        protected void request(Conn conn, HeadersFrame headers) throws IOException {
            conn.respond(headers.streamId());
        }

        protected void broken(Conn conn, Violation violation) throws IOException {
            conn.send(io.h2scope.engine.frame.GoAwayFrame.of(0, violation.code()));
            conn.close();
        }

        /** Any other frame: DATA that ends a request body is answered with a 200. */
        protected void other(Conn conn, Frame frame) throws IOException {
            if (frame instanceof io.h2scope.engine.frame.DataFrame d && d.endStream() && d.streamId() % 2 == 1) {
                conn.respond(d.streamId());
            }
        }

        @Override
        public final void onFrame(Conn conn, Frame frame, Violation violation) throws IOException {
            if (violation != null) {
                broken(conn, violation);
            } else if (frame instanceof SettingsFrame s && !s.ack()) {
                settings(conn, s, ++settingsSeen);
            } else if (frame instanceof PingFrame p && !p.ack()) {
                ping(conn, p);
            } else if (frame instanceof HeadersFrame h && h.endStream() && h.endHeaders() && h.streamId() % 2 == 1) {
                request(conn, h);
            } else {
                other(conn, frame);
            }
        }
    }

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
