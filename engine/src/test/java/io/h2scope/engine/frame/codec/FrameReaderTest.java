package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.frame.codec.Wire.concat;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static io.h2scope.engine.frame.codec.Wire.parseEveryWay;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameReaderTest {

    private static final byte[] PING_LENGTH_7 = hex("000007 06 00 00000000 00000000000000");
    private static final byte[] GOOD_PING = hex("000008 06 00 00000000 0000000000000001");

    private static final List<Frame> EVERY_TYPE = List.of(
            SettingsFrame.of(new RawSetting(1, 4096), new RawSetting(0x99, 7)),
            SettingsFrame.ackFrame(),
            HeadersFrame.padded(1, hex("8287"), false, false, 4, new Priority(0, true, 3)),
            ContinuationFrame.of(1, hex("84"), true),
            DataFrame.padded(1, new byte[300], false, 255),
            DataFrame.of(1, hex("00ff"), true),
            PriorityFrame.of(3, Priority.DEFAULT),
            PushPromiseFrame.padded(1, 2, hex("88"), true, 1),
            RstStreamFrame.of(2, ErrorCode.REFUSED_STREAM),
            PingFrame.of(42),
            WindowUpdateFrame.of(0, 65535),
            new UnknownFrame(0x42, 0x81, 5, new byte[20]),
            GoAwayFrame.of(1, ErrorCode.NO_ERROR, hex("0102")));

    @Test
    void partialFrameSaysHowFarTheInputGotIntoTheLastFrame() {
        FrameReader reader = FrameReader.lenient(FrameSizes.DEFAULT_MAX_FRAME_SIZE);
        assertEquals(java.util.Optional.empty(), reader.partialFrame(), "nothing read yet");
        Wire.parse(reader, GOOD_PING, new int[] {5});
        assertEquals(java.util.Optional.of(new PartialFrame(5, 9, true)), reader.partialFrame(), "inside the header");
        reader.read(ByteBuffer.wrap(GOOD_PING, 5, 10), new Recorder(reader));
        assertEquals(java.util.Optional.of(new PartialFrame(15, 17, false)), reader.partialFrame(), "inside the payload");
        reader.read(ByteBuffer.wrap(GOOD_PING, 15, 2), new Recorder(reader));
        assertEquals(java.util.Optional.empty(), reader.partialFrame(), "at a frame boundary");
    }

    @Test
    void partialFrameCountsASkippedPayload() {
        FrameReader reader = FrameReader.lenient(FrameSizes.DEFAULT_MAX_FRAME_SIZE);
        byte[] tooLong = hex("004001 00 00 00000001"); // DATA of 16385 octets: over the limit, skipped
        Wire.parse(reader, concat(tooLong, new byte[100]), new int[] {109});
        assertEquals(java.util.Optional.of(new PartialFrame(109, 9 + 16385, false)), reader.partialFrame());
    }

    @Test
    void aStreamOfEveryFrameTypeParsesTheSameInEverySplit() {
        byte[] bytes = concat(EVERY_TYPE.stream().map(FrameWriter::encode).toArray(byte[][]::new));
        assertEquals(EVERY_TYPE, parseEveryWay(bytes).events);
        for (long seed = 10; seed < 60; seed++) {
            assertEquals(EVERY_TYPE, Wire.parseRandomSplits(bytes, seed).events, "seed " + seed);
        }
    }

    @Test
    void reservedBitIsMaskedAndRememberedInTheHeader_rfc9113_4_1() {
        Recorder recorder = parseEveryWay(hex("000001 00 01 80000003 7a"));
        assertEquals(List.of(DataFrame.of(3, hex("7a"), true)), recorder.events);
        assertEquals(new FrameHeader(1, 0, 1, 3, true), recorder.frameHeaders.get(0));
    }

    @Test
    void reservedBitIsRememberedInTheHeaderOfARejectedFrame_rfc9113_4_1() {
        Recorder recorder = parseEveryWay(hex("000008 06 00 80000000 0000000000000000"));
        assertEquals(List.of(PingFrame.of(0)), recorder.events, "stream 0 once the reserved bit is ignored");
        assertTrue(recorder.frameHeaders.get(0).reservedBit());
    }

    @Test
    void connectionViolationFailsTheReaderAndLeavesTheRestUnread_rfc9113_5_4_1() {
        FrameReader reader = new FrameReader(Wire.MAX);
        Recorder recorder = new Recorder(reader);
        ByteBuffer in = ByteBuffer.wrap(concat(PING_LENGTH_7, GOOD_PING));
        reader.read(in, recorder);
        assertTrue(reader.isFailed());
        assertEquals(ErrorCode.FRAME_SIZE_ERROR, reader.failure().orElseThrow().code());
        assertEquals(FrameSizes.HEADER_LENGTH, in.position(), "stops right after the bad frame's header");
        assertEquals(1, recorder.events.size());
        assertThrows(IllegalStateException.class, () -> reader.read(ByteBuffer.wrap(GOOD_PING), recorder));
    }

    @Test
    void lenientReaderGoesOnAfterAConnectionViolation() {
        FrameReader reader = FrameReader.lenient(Wire.MAX);
        byte[] bytes = concat(PING_LENGTH_7, GOOD_PING, PING_LENGTH_7);
        Recorder recorder = Wire.parse(reader, bytes, new int[] {bytes.length});
        assertFalse(reader.isFailed());
        assertEquals(3, recorder.events.size());
        assertEquals(PingFrame.of(1), recorder.events.get(1));
        assertTrue(reader.atFrameBoundary());
    }

    @Test
    void strictHandlerThrowsConnectionErrors_rfc9113_5_4_1() {
        FrameReader reader = new FrameReader(Wire.MAX);
        List<StreamError> streamErrors = new ArrayList<>();
        StrictFrameHandler handler = strict(new ArrayList<>(), streamErrors);
        ConnectionError error = assertThrows(ConnectionError.class,
                () -> reader.read(ByteBuffer.wrap(PING_LENGTH_7), handler));
        assertEquals(ErrorCode.FRAME_SIZE_ERROR, error.code());
        assertEquals(SpecRef.rfc9113("6.7"), error.spec());
        assertTrue(reader.isFailed());
        assertTrue(streamErrors.isEmpty());
    }

    @Test
    void strictHandlerDeliversStreamErrorsAndReadsOn_rfc9113_5_4_2() {
        FrameReader reader = new FrameReader(Wire.MAX);
        List<Frame> frames = new ArrayList<>();
        List<StreamError> streamErrors = new ArrayList<>();
        reader.read(ByteBuffer.wrap(concat(hex("000004 02 00 00000007 00000001"), GOOD_PING)), strict(frames, streamErrors));
        assertEquals(1, streamErrors.size());
        assertEquals(7, streamErrors.get(0).streamId());
        assertEquals(ErrorCode.FRAME_SIZE_ERROR, streamErrors.get(0).code());
        assertEquals(SpecRef.rfc9113("6.3"), streamErrors.get(0).spec());
        assertEquals(List.of(PingFrame.of(1)), frames);
    }

    @Test
    void memoryStaysBoundedWhenA16MbLengthIsAnnounced_rfc9113_4_2() {
        FrameReader reader = new FrameReader(Wire.MAX);
        Recorder recorder = new Recorder(reader);
        int announced = FrameSizes.MAX_FRAME_SIZE_LIMIT;
        reader.read(ByteBuffer.wrap(RawFrameWriter.header(announced, 0, 0, 1, false)), recorder);
        assertEquals(FrameSizes.HEADER_LENGTH, reader.retainedBytes(), "nothing allocated for the claimed length");
        ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
        for (int sent = 0; sent < announced; sent += chunk.limit()) {
            chunk.clear().limit(Math.min(chunk.capacity(), announced - sent));
            reader.read(chunk, recorder);
            assertEquals(0, chunk.remaining());
            assertTrue(reader.retainedBytes() <= Wire.MAX + FrameSizes.HEADER_LENGTH);
        }
        reader.read(ByteBuffer.wrap(GOOD_PING), recorder);
        assertEquals(2, recorder.events.size(), "the oversized DATA was reported, skipped, and the PING read");
        assertEquals(PingFrame.of(1), recorder.events.get(1));
    }

    @Test
    void oversizedConnectionFrameFailsWithoutAllocating_rfc9113_4_2() {
        FrameReader reader = new FrameReader(Wire.MAX);
        Recorder recorder = new Recorder(reader);
        reader.read(ByteBuffer.wrap(RawFrameWriter.header(FrameSizes.MAX_FRAME_SIZE_LIMIT, 1, 4, 1, false)), recorder);
        assertTrue(reader.isFailed());
        assertEquals(FrameSizes.HEADER_LENGTH, reader.retainedBytes());
    }

    @Test
    void partialPayloadIsBufferedUpToTheMaxFrameSizeAndReleasedAfterDelivery() {
        FrameReader reader = new FrameReader(Wire.MAX);
        Recorder recorder = new Recorder(reader);
        byte[] frame = FrameWriter.encode(DataFrame.of(1, new byte[Wire.MAX], false));
        reader.read(ByteBuffer.wrap(frame, 0, 100), recorder);
        assertFalse(reader.atFrameBoundary());
        assertEquals(Wire.MAX + FrameSizes.HEADER_LENGTH, reader.retainedBytes());
        reader.read(ByteBuffer.wrap(frame, 100, frame.length - 100), recorder);
        assertEquals(1, recorder.frames().size());
        assertEquals(FrameSizes.HEADER_LENGTH, reader.retainedBytes(), "the payload array is handed over, not kept");
        assertTrue(reader.atFrameBoundary());
    }

    @Test
    void raisedMaxFrameSizeAcceptsLargerFramesFromTheNextHeader_rfc9113_4_2() {
        FrameReader reader = new FrameReader(Wire.MAX);
        reader.setMaxFrameSize(Wire.MAX * 2);
        Recorder recorder = new Recorder(reader);
        reader.read(ByteBuffer.wrap(FrameWriter.encode(DataFrame.of(1, new byte[Wire.MAX + 1], false))), recorder);
        assertEquals(1, recorder.frames().size());
    }

    @Test
    void maxFrameSizeOutsideTheSettingsRangeIsRefused_rfc9113_4_2() {
        assertThrows(IllegalArgumentException.class, () -> new FrameReader(Wire.MAX - 1));
        assertThrows(IllegalArgumentException.class, () -> new FrameReader(FrameSizes.MAX_FRAME_SIZE_LIMIT + 1));
    }

    @Test
    void aHandlerThatThrowsLeavesTheReaderAtTheNextFrame() {
        FrameReader reader = new FrameReader(Wire.MAX);
        RuntimeException boom = new RuntimeException("boom");
        FrameHandler throwing = new FrameHandler() {
            @Override
            public void onFrame(Frame frame) {
                throw boom;
            }

            @Override
            public void onViolation(FrameHeader header, io.h2scope.engine.frame.check.Violation violation) {
            }
        };
        ByteBuffer in = ByteBuffer.wrap(concat(GOOD_PING, GOOD_PING));
        assertSame(boom, assertThrows(RuntimeException.class, () -> reader.read(in, throwing)));
        assertEquals(GOOD_PING.length, in.position());
        Recorder recorder = new Recorder(reader);
        reader.read(in, recorder);
        assertEquals(List.of(PingFrame.of(1)), recorder.events);
    }

    @Test
    void emptyInputDoesNothing() {
        FrameReader reader = new FrameReader(Wire.MAX);
        Recorder recorder = new Recorder(reader);
        reader.read(ByteBuffer.allocate(0), recorder);
        assertTrue(recorder.events.isEmpty());
        assertTrue(reader.atFrameBoundary());
    }

    private static StrictFrameHandler strict(List<Frame> frames, List<StreamError> streamErrors) {
        return new StrictFrameHandler() {
            @Override
            public void onFrame(Frame frame) {
                frames.add(frame);
            }

            @Override
            public void onStreamError(FrameHeader header, StreamError error) {
                streamErrors.add(error);
            }
        };
    }
}
