package io.h2scope.engine.core;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.scripted.Wire;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A connection under test ({@link Http2Connection}) on a virtual clock, with the events it raised, driven in memory by
 * the engine's {@link ScriptedPeer}: the peer writes frames (well-formed or broken) into the connection and reads
 * what the connection writes back, decoded by its observer. Each write moves the clock {@code now} on by 1 ms.
 */
final class CoreHarness {

    final EventRecorder events = new EventRecorder();
    final Http2Connection conn;
    final List<Frame> received = new ArrayList<>();
    long now = 1_000;
    private final ScriptedPeer peer;
    private boolean prefaceToRead;

    private CoreHarness(Role role, ConnectionConfig config) {
        conn = new Http2Connection(role, config, events, now);
        // the peer plays the other role; a client under test begins with its preface
        Role peerRole = role == Role.CLIENT ? Role.SERVER : Role.CLIENT;
        peer = ScriptedPeer.over(new InMemory(), peerRole, TraceSink.NONE).patience(Duration.ZERO);
        prefaceToRead = role == Role.CLIENT;
    }

    /** The connection under test is a server; the peer plays the client. */
    static CoreHarness server(ConnectionConfig config) {
        return new CoreHarness(Role.SERVER, config);
    }

    static CoreHarness server() {
        return server(ConnectionConfig.DEFAULTS);
    }

    /** The connection under test is a client; the peer plays the server. */
    static CoreHarness client(ConnectionConfig config) {
        return new CoreHarness(Role.CLIENT, config);
    }

    /** Preface (for a server under test), empty SETTINGS, ACK of the connection's SETTINGS; output read and forgotten. */
    CoreHarness handshake() {
        unchecked(() -> peer.greet());
        read();
        received.clear();
        events.clear();
        return this;
    }

    /** Octets as they are, into the connection. */
    void send(byte[] bytes) {
        unchecked(() -> peer.send(bytes));
    }

    void frame(Frame frame) {
        unchecked(() -> peer.send(frame));
    }

    void raw(int type, int flags, int streamId, byte[] payload) {
        unchecked(() -> peer.sendRaw(type, flags, streamId, payload));
    }

    byte[] block(List<HeaderField> headers) {
        return peer.encode(headers);
    }

    void headers(int streamId, List<HeaderField> headers, boolean endStream) {
        frame(HeadersFrame.of(streamId, block(headers), endStream, true));
    }

    /** Drains the connection's output through the peer; returns the frames new since the last call. */
    List<Frame> read() {
        List<Frame> fresh = new ArrayList<>();
        unchecked(() -> {
            if (prefaceToRead) {
                peer.readPreface();
                prefaceToRead = false;
            }
            for (Incoming in = peer.next(Duration.ZERO); in != null; in = peer.next(Duration.ZERO)) {
                if (in instanceof Incoming.FrameIn f) {
                    fresh.add(f.frame());
                } else {
                    fail("the connection wrote what the peer cannot read: " + in);
                }
            }
        });
        received.addAll(fresh);
        return fresh;
    }

    <T extends Frame> List<T> readAll(Class<T> type) {
        List<T> found = new ArrayList<>();
        for (Frame f : read()) {
            if (type.isInstance(f)) {
                found.add(type.cast(f));
            }
        }
        return found;
    }

    /** Asserts that the connection wrote GOAWAY with {@code code}; returns it. */
    GoAwayFrame expectGoAway(ErrorCode code) {
        read();
        for (Frame f : received) {
            if (f instanceof GoAwayFrame g) {
                assertEquals(code.name(), g.errorName(), "GOAWAY code; frames: " + received);
                assertEquals(ConnectionState.CLOSED, conn.state());
                return g;
            }
        }
        return fail("no GOAWAY " + code + " in " + received);
    }

    /** Asserts that the connection wrote RST_STREAM on {@code streamId} with {@code code}, and no GOAWAY. */
    RstStreamFrame expectRst(int streamId, ErrorCode code) {
        read();
        for (Frame f : received) {
            assertTrue(!(f instanceof GoAwayFrame), "unexpected " + f);
        }
        for (Frame f : received) {
            if (f instanceof RstStreamFrame r && r.streamId() == streamId) {
                assertEquals(code.name(), r.errorName(), "RST_STREAM code; frames: " + received);
                return r;
            }
        }
        return fail("no RST_STREAM on stream " + streamId + " in " + received);
    }

    /** Asserts that the connection wrote neither GOAWAY nor RST_STREAM. */
    void expectNoError() {
        read();
        for (Frame f : received) {
            if (f instanceof GoAwayFrame || f instanceof RstStreamFrame) {
                fail("unexpected " + f + " after " + events.events);
            }
        }
    }

    /** The field block a HEADERS frame the connection wrote completed, as the peer's observer decoded it. */
    List<HeaderField> decode(HeadersFrame frame) {
        return peer.fields(frame);
    }

    /** The connection's input and output, on the harness's clock. */
    private final class InMemory implements Wire {

        @Override
        public void write(byte[] octets) {
            now += 1_000;
            conn.receive(ByteBuffer.wrap(octets), now);
        }

        @Override
        public int read(byte[] into, long waitNanos) {
            ByteBuffer sink = ByteBuffer.wrap(into);
            int n;
            do {
                n = conn.drainOutput(sink);
            } while (n > 0 && sink.hasRemaining());
            return sink.position();
        }

        @Override
        public void close() {
        }
    }

    private interface Step {
        void run() throws IOException;
    }

    private static void unchecked(Step step) {
        try {
            step.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
