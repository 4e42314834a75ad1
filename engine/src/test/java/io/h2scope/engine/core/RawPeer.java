package io.h2scope.engine.core;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.stream.Role;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A scripted peer for byte-level tests: it writes frames (well-formed with FrameWriter, broken with
 * RawFrameWriter) into the connection under test and parses what the connection writes back.
 */
final class RawPeer {

    static final byte[] PREFACE = Preface.bytes();

    final EventRecorder events = new EventRecorder();
    final Http2Connection conn;
    final HpackEncoder encoder = new HpackEncoder(4096);
    final HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 20);
    final List<Frame> received = new ArrayList<>();
    long now = 1_000;
    private final FrameReader reader = FrameReader.lenient(16_777_215);
    private int prefaceToSkip;

    private RawPeer(Role role, ConnectionConfig config) {
        conn = new Http2Connection(role, config, events, now);
        prefaceToSkip = role == Role.CLIENT ? PREFACE.length : 0;
    }

    /** The connection under test is a server; this peer plays the client. */
    static RawPeer server(ConnectionConfig config) {
        return new RawPeer(Role.SERVER, config);
    }

    static RawPeer server() {
        return server(ConnectionConfig.DEFAULTS);
    }

    /** The connection under test is a client; this peer plays the server. */
    static RawPeer client(ConnectionConfig config) {
        return new RawPeer(Role.CLIENT, config);
    }

    /** Preface (for a server under test), empty SETTINGS, ACK of the connection's SETTINGS; output read and forgotten. */
    RawPeer handshake() {
        if (conn.role() == Role.SERVER) {
            send(PREFACE);
        }
        frame(SettingsFrame.of(List.of()));
        frame(SettingsFrame.ackFrame());
        read();
        received.clear();
        events.clear();
        return this;
    }

    void send(byte[] bytes) {
        now += 1_000;
        conn.receive(ByteBuffer.wrap(bytes), now);
    }

    void frame(Frame frame) {
        send(FrameWriter.encode(frame));
    }

    void raw(int type, int flags, int streamId, byte[] payload) {
        send(RawFrameWriter.frame(type, flags, streamId, payload));
    }

    byte[] block(List<HeaderField> headers) {
        return encoder.encode(headers);
    }

    void headers(int streamId, List<HeaderField> headers, boolean endStream) {
        frame(HeadersFrame.of(streamId, block(headers), endStream, true));
    }

    /** Drains and parses the connection's output; returns the frames new since the last call. */
    List<Frame> read() {
        ByteBuffer out = ByteBuffer.allocate(4 << 20);
        conn.drainOutput(out);
        out.flip();
        if (prefaceToSkip > 0) {
            int n = Math.min(prefaceToSkip, out.remaining());
            out.position(out.position() + n);
            prefaceToSkip -= n;
        }
        List<Frame> fresh = new ArrayList<>();
        reader.read(out, new FrameHandler() {
            @Override
            public void onFrame(Frame frame) {
                fresh.add(frame);
            }

            @Override
            public void onViolation(FrameHeader header, Violation violation) {
                fail("the connection wrote a broken frame: " + header + " " + violation);
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

    List<HeaderField> decode(HeadersFrame frame) {
        return decoder.decode(frame.fragment());
    }
}
