package io.h2scope.engine.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.ConnectionHooks;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.testing.fault.Fault;
import io.h2scope.engine.testing.fault.Faults;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.testsupport.Await;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The misbehaviour faults ({@link Fault.Kind#MISBEHAVES}) put the wrong bytes on the wire: a real
 * {@link H2Server} with one fault on, read by a raw socket client that parses every frame (leniently, so a
 * frame above the max frame size is seen, not refused). Each test also shows the server without the
 * fault doing it right, so the assertion can fail.
 */
@Timeout(60)
class MisbehaviourFaultsTest {

    private static final int BIG_BODY = 50_000;

    private H2Server server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theProductionPathHasNoHooks_andOnlyMisbehavioursChangeTheOutput() {
        assertNull(H2Server.Builder.DEFAULT_CONNECTION.hooksForTesting());
        ConnectionHooks quiet = Faults.of(Fault.ACCEPTS_DATA_ON_STREAM_ZERO, Fault.NO_RAPID_RESET_LIMIT).get();
        Frame ping = PingFrame.ackOf(7);
        assertSame(ping, quiet.rewrite(ping));
        assertNull(quiet.after(ping));
        assertNull(quiet.afterEndStream(1));
        assertNotNull(Faults.of(Fault.IGNORES_PING).get());
        assertNull(Faults.of(Fault.IGNORES_PING).get().rewrite(ping));
    }

    @Test
    void acksOnlyFirstSettings_theFirstAckInTheSameWriteAsOurSettings_rfc9113_6_5_3() throws Exception {
        try (Wire wire = open(Fault.ACKS_ONLY_FIRST_SETTINGS)) {
            wire.send(Preface.bytes(), FrameWriter.encode(SettingsFrame.of(List.of())));
            List<Frame> firstRead = wire.readOnce();
            assertTrue(firstRead.stream().anyMatch(MisbehaviourFaultsTest::isServerSettings), "first read: " + firstRead);
            assertTrue(firstRead.stream().anyMatch(MisbehaviourFaultsTest::isSettingsAck), "first read: " + firstRead);
            wire.send(FrameWriter.encode(SettingsFrame.ackFrame()),
                    FrameWriter.encode(SettingsFrame.of(new RawSetting(SettingId.ENABLE_PUSH.code(), 0))));
            wire.get(1, "/");
            assertNoFrameBefore(wire, MisbehaviourFaultsTest::isSettingsAck, f -> f instanceof DataFrame d && d.endStream());
        }
        try (Wire wire = open(null)) {
            wire.handshake();
            wire.send(FrameWriter.encode(SettingsFrame.of(new RawSetting(SettingId.ENABLE_PUSH.code(), 0))));
            assertNotNull(wire.await(MisbehaviourFaultsTest::isSettingsAck), "without the fault the later SETTINGS is ACKed");
        }
    }

    @Test
    void neverAcksSettings_butAnswersRequests_rfc9113_6_5_3() throws Exception {
        try (Wire wire = open(Fault.NEVER_ACKS_SETTINGS)) {
            wire.handshake();
            wire.get(1, "/");
            assertNoFrameBefore(wire, MisbehaviourFaultsTest::isSettingsAck, f -> f instanceof DataFrame d && d.endStream());
        }
        try (Wire wire = open(null)) {
            wire.handshake();
            assertNotNull(wire.await(MisbehaviourFaultsTest::isSettingsAck));
        }
    }

    @Test
    void ignoresPing_butAnswersRequests_rfc9113_6_7() throws Exception {
        try (Wire wire = open(Fault.IGNORES_PING)) {
            wire.handshake();
            wire.send(FrameWriter.encode(PingFrame.of(42)));
            wire.get(1, "/");
            assertNoFrameBefore(wire, f -> f instanceof PingFrame p && p.ack(), f -> f instanceof DataFrame d && d.endStream());
        }
    }

    @Test
    void pingAckWithOtherData_rfc9113_6_7() throws Exception {
        for (Fault fault : new Fault[] {Fault.PING_ACK_WITH_OTHER_DATA, null}) {
            try (Wire wire = open(fault)) {
                wire.handshake();
                wire.send(FrameWriter.encode(PingFrame.of(0x0102030405060708L)));
                PingFrame ack = (PingFrame) wire.await(f -> f instanceof PingFrame p && p.ack());
                assertNotNull(ack);
                if (fault == null) {
                    assertEquals(0x0102030405060708L, ack.opaqueData());
                } else {
                    assertNotEquals(0x0102030405060708L, ack.opaqueData(), "the ACK must carry other data");
                }
            }
        }
    }

    @Test
    void goAwayOnRepeatedSetting_whichTheRfcAllows_rfc9113_6_5_3() throws Exception {
        byte[] repeated = FrameWriter.encode(SettingsFrame.of(new RawSetting(SettingId.INITIAL_WINDOW_SIZE.code(), 100),
                new RawSetting(SettingId.INITIAL_WINDOW_SIZE.code(), 1)));
        try (Wire wire = open(Fault.GOAWAY_ON_REPEATED_SETTING)) {
            wire.handshake();
            wire.send(repeated);
            GoAwayFrame goAway = (GoAwayFrame) wire.await(f -> f instanceof GoAwayFrame);
            assertNotNull(goAway);
            assertEquals(ErrorCode.PROTOCOL_ERROR.name(), goAway.errorName());
        }
        try (Wire wire = open(null)) {
            wire.handshake();
            wire.send(repeated);
            assertNotNull(wire.await(MisbehaviourFaultsTest::isSettingsAck), "without the fault: ACKed");
        }
    }

    @Test
    void dataAbovePeerMaxFrameSize_rfc9113_4_2() throws Exception {
        try (Wire wire = open(Fault.SENDS_DATA_ABOVE_PEER_MAX_FRAME_SIZE)) {
            wire.handshake();
            wire.get(1, "/big");
            List<Integer> lengths = wire.dataLengths(1);
            assertEquals(List.of(20_000, 20_000, 10_000), lengths, "the client left SETTINGS_MAX_FRAME_SIZE at 16,384");
        }
        try (Wire wire = open(null)) {
            wire.handshake();
            wire.get(1, "/big");
            assertEquals(List.of(16_384, 16_384, 16_384, 848), wire.dataLengths(1));
        }
    }

    @Test
    void uppercaseConnectionSpecificAndRequestPseudoFieldsInResponses_rfc9113_8_2_1_8_2_2_8_3() throws Exception {
        try (Wire wire = open(Fault.SENDS_UPPERCASE_RESPONSE_FIELD)) {
            assertTrue(wire.responseHead().contains(new HeaderField("X-Upper", "1")));
        }
        try (Wire wire = open(Fault.SENDS_CONNECTION_SPECIFIC_RESPONSE_FIELD)) {
            assertTrue(wire.responseHead().contains(new HeaderField("connection", "keep-alive")));
        }
        try (Wire wire = open(Fault.SENDS_REQUEST_PSEUDO_HEADER_IN_RESPONSE)) {
            List<HeaderField> head = wire.responseHead();
            assertEquals(":status", head.get(0).name(), head.toString());
            assertEquals(new HeaderField(":path", "/"), head.get(1), "a request pseudo-header among the pseudo-headers");
        }
        try (Wire wire = open(null)) {
            List<HeaderField> head = wire.responseHead();
            assertTrue(head.stream().noneMatch(f -> f.name().equals(":path") || f.name().equals("connection")
                    || !f.name().equals(f.name().toLowerCase(java.util.Locale.ROOT))), head.toString());
        }
    }

    @Test
    void dataAfterEndStream_rfc9113_5_1() throws Exception {
        try (Wire wire = open(Fault.SENDS_DATA_AFTER_END_STREAM)) {
            wire.handshake();
            wire.get(1, "/");
            assertNotNull(wire.await(f -> f instanceof DataFrame d && d.streamId() == 1 && d.endStream()));
            Frame after = wire.await(f -> f.streamId() == 1);
            assertTrue(after instanceof DataFrame, "a frame after END_STREAM: " + after);
        }
        try (Wire wire = open(null)) {
            wire.handshake();
            wire.get(1, "/");
            assertNotNull(wire.await(f -> f instanceof DataFrame d && d.streamId() == 1 && d.endStream()));
            wire.send(FrameWriter.encode(PingFrame.of(7)));
            Frame next = wire.await(f -> f.streamId() == 1 || f instanceof PingFrame p && p.ack());
            assertTrue(next instanceof PingFrame, "nothing on stream 1 after END_STREAM: " + next);
        }
    }

    @Test
    void goAwayNamesLastStreamZeroAfterAnsweringStreamOne_rfc9113_6_8() throws Exception {
        for (Fault fault : new Fault[] {Fault.WRONG_GOAWAY_LAST_STREAM_ID, null}) {
            try (Wire wire = open(fault)) {
                wire.handshake();
                wire.get(1, "/");
                assertNotNull(wire.await(f -> f instanceof DataFrame d && d.endStream()));
                wire.send(RawFrameWriter.frame(0x6, 0, 3, new byte[8])); // PING on stream 3: a connection error
                GoAwayFrame goAway = (GoAwayFrame) wire.await(f -> f instanceof GoAwayFrame);
                assertNotNull(goAway);
                assertEquals(fault == null ? 1 : 0, goAway.lastStreamId(), "stream 1 was processed");
            }
        }
    }

    @Test
    void framesOnAStreamItReset_rfc9113_5_1() throws Exception {
        for (Fault fault : new Fault[] {Fault.SENDS_FRAMES_ON_RESET_STREAM, null}) {
            try (Wire wire = open(fault)) {
                wire.handshake();
                wire.get(1, "/reset");
                assertNotNull(wire.await(f -> f instanceof RstStreamFrame r && r.streamId() == 1));
                wire.send(FrameWriter.encode(PingFrame.of(7)));
                Frame next = wire.await(f -> f.streamId() == 1 || f instanceof PingFrame p && p.ack());
                if (fault == null) {
                    assertTrue(next instanceof PingFrame, "nothing on stream 1 after RST_STREAM: " + next);
                } else {
                    assertTrue(next instanceof DataFrame, "DATA after RST_STREAM: " + next);
                }
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    private static boolean isSettingsAck(Frame f) {
        return f instanceof SettingsFrame s && s.ack();
    }

    private static boolean isServerSettings(Frame f) {
        return f instanceof SettingsFrame s && !s.ack();
    }

    /** Reads up to {@code end}: none of the frames before it (nor it) matches {@code unwanted}. */
    private static void assertNoFrameBefore(Wire wire, Predicate<Frame> unwanted, Predicate<Frame> end) throws IOException {
        List<Frame> seen = new ArrayList<>();
        Frame last = wire.await(f -> {
            seen.add(f);
            return end.test(f) || unwanted.test(f);
        });
        assertNotNull(last, "the connection ended first: " + seen);
        assertTrue(end.test(last) && !unwanted.test(last), "frames: " + seen);
    }

    private Wire open(Fault fault) throws IOException {
        if (server != null) {
            server.close();
        }
        H2Server.Builder b = H2Server.builder().handler(ex -> {
            switch (ex.request().path()) {
                case "/big" -> ex.respond(200, List.of(), ByteBuffer.wrap(new byte[BIG_BODY]));
                case "/reset" -> ex.reset(ErrorCode.CANCEL);
                default -> ex.respond(200, List.of(new HeaderField("x-test", "ok")), ByteBuffer.wrap(new byte[] {'o', 'k'}));
            }
        });
        if (fault != null) {
            b.connectionConfig(H2Server.Builder.DEFAULT_CONNECTION.withHooksForTesting(Faults.of(fault)));
        }
        server = b.start();
        return new Wire(server.port());
    }

    /** A raw h2c client that keeps every frame the server sends, and knows which ones came in one read. */
    private static final class Wire implements AutoCloseable {

        private final Socket socket;
        private final InputStream in;
        private final FrameReader reader = FrameReader.lenient(16_777_215);
        private final HpackEncoder encoder = new HpackEncoder(4096);
        private final HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 20);
        private final java.util.ArrayDeque<Frame> received = new java.util.ArrayDeque<>();

        Wire(int port) throws IOException {
            socket = new Socket("127.0.0.1", port);
            socket.setSoTimeout((int) Await.PATIENCE.toMillis());
            in = socket.getInputStream();
        }

        /** All parts in one write. */
        void send(byte[]... parts) throws IOException {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (byte[] p : parts) {
                all.write(p);
            }
            socket.getOutputStream().write(all.toByteArray());
            socket.getOutputStream().flush();
        }

        void handshake() throws IOException {
            send(Preface.bytes(), FrameWriter.encode(SettingsFrame.of(List.of())));
            assertNotNull(await(MisbehaviourFaultsTest::isServerSettings));
            send(FrameWriter.encode(SettingsFrame.ackFrame()));
        }

        void get(int streamId, String path) throws IOException {
            byte[] block = encoder.encode(List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                    new HeaderField(":authority", "localhost"), new HeaderField(":path", path)));
            send(FrameWriter.encode(HeadersFrame.of(streamId, block, true, true)));
        }

        /** The decoded head of the answer to a GET / on stream 1. */
        List<HeaderField> responseHead() throws IOException {
            handshake();
            get(1, "/");
            HeadersFrame head = (HeadersFrame) await(f -> f instanceof HeadersFrame h && h.streamId() == 1);
            assertNotNull(head);
            return decoder.decode(head.fragment());
        }

        /** The lengths of the DATA frames on {@code streamId}, up to its END_STREAM. */
        List<Integer> dataLengths(int streamId) throws IOException {
            List<Integer> lengths = new ArrayList<>();
            DataFrame d;
            do {
                d = (DataFrame) await(f -> f instanceof DataFrame x && x.streamId() == streamId);
                assertNotNull(d, "DATA so far: " + lengths);
                lengths.add(d.payloadLength());
            } while (!d.endStream());
            return lengths;
        }

        /** The frames of exactly one read from the socket (what the server wrote at once, on loopback). */
        List<Frame> readOnce() throws IOException {
            received.clear();
            readSome();
            List<Frame> frames = new ArrayList<>(received);
            received.clear();
            return frames;
        }

        /** Reads until a frame matches (returned) or the connection ends or stays quiet (null). */
        Frame await(Predicate<Frame> wanted) throws IOException {
            while (true) {
                while (!received.isEmpty()) {
                    Frame f = received.poll();
                    if (wanted.test(f)) {
                        return f;
                    }
                }
                if (!readSome()) {
                    return null;
                }
            }
        }

        private boolean readSome() throws IOException {
            byte[] buffer = new byte[1 << 17];
            int n;
            try {
                n = in.read(buffer);
            } catch (SocketTimeoutException | java.net.SocketException quietOrReset) {
                return false;
            }
            if (n < 0) {
                return false;
            }
            reader.read(ByteBuffer.wrap(buffer, 0, n), new FrameHandler() {
                @Override
                public void onFrame(Frame frame) {
                    received.add(frame);
                }

                @Override
                public void onViolation(FrameHeader header, Violation violation) {
                    throw new AssertionError("a frame the lenient reader refuses: " + header + " " + violation);
                }
            });
            return true;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
