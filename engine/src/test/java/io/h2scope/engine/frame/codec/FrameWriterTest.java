package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.frame.codec.Wire.parseEveryWay;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PushPromiseFrame;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FrameWriterTest {

    private static final int MAX = FrameSizes.DEFAULT_MAX_FRAME_SIZE;

    @Test
    void frameOverThePeersMaxFrameSizeIsRefusedWithTheLimitNamed_rfc9113_4_2() {
        FrameWriter writer = new FrameWriter();
        FrameOutput out = new FrameOutput();
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> writer.write(DataFrame.of(1, new byte[MAX + 1], false), out));
        assertTrue(error.getMessage().contains("16384"), error.getMessage());
        assertEquals(0, out.readableBytes(), "nothing written");
        writer.write(DataFrame.of(1, new byte[MAX], false), out);
        assertEquals(MAX + FrameSizes.HEADER_LENGTH, out.readableBytes(), "exactly the max is fine");
    }

    @Test
    void paddingCountsTowardsTheMaxFrameSize_rfc9113_4_2() {
        assertThrows(IllegalArgumentException.class,
                () -> new FrameWriter().write(DataFrame.padded(1, new byte[MAX - 1], false, 1), new FrameOutput()));
    }

    @Test
    void raisedMaxFrameSizeAllowsLargerFrames() {
        FrameWriter writer = new FrameWriter();
        writer.setMaxFrameSize(MAX * 4);
        FrameOutput out = new FrameOutput();
        writer.write(DataFrame.of(1, new byte[MAX * 4], false), out);
        assertEquals(MAX * 4 + FrameSizes.HEADER_LENGTH, out.readableBytes());
        assertThrows(IllegalArgumentException.class, () -> writer.setMaxFrameSize(MAX - 1));
    }

    @Test
    void headerBlockSplitsIntoHeadersAndContinuations_rfc9113_4_3() {
        byte[] block = randomBytes(2 * MAX + 1000);
        FrameOutput out = new FrameOutput();
        new FrameWriter().writeHeaderBlock(1, block, true, null, out);
        List<Frame> frames = parseEveryWay(out.toByteArray()).frames();
        assertEquals(3, frames.size());
        HeadersFrame headers = (HeadersFrame) frames.get(0);
        assertTrue(headers.endStream(), "END_STREAM rides on HEADERS");
        assertFalse(headers.endHeaders());
        assertEquals(MAX, headers.payloadLength());
        assertFalse(((ContinuationFrame) frames.get(1)).endHeaders());
        assertTrue(((ContinuationFrame) frames.get(2)).endHeaders(), "END_HEADERS on the last frame only");
        assertArrayEquals(block, fragments(frames));
    }

    @Test
    void headerBlockWithPriorityLeavesRoomForThePriorityFields_rfc9113_6_2() {
        byte[] block = randomBytes(MAX);
        FrameOutput out = new FrameOutput();
        Priority priority = new Priority(3, true, 10);
        new FrameWriter().writeHeaderBlock(5, block, false, priority, out);
        List<Frame> frames = parseEveryWay(out.toByteArray()).frames();
        assertEquals(2, frames.size());
        assertEquals(priority, ((HeadersFrame) frames.get(0)).priority());
        assertEquals(MAX, frames.get(0).payloadLength());
        assertEquals(5, frames.get(1).payloadLength());
        assertArrayEquals(block, fragments(frames));
    }

    @Test
    void headerBlockFromThePrefixOfAReusedBuffer_rfc9113_4_3() {
        byte[] buffer = randomBytes(MAX + 600); // a reused encode buffer: only the first bytes are this block
        int length = MAX + 100;
        FrameOutput out = new FrameOutput();
        new FrameWriter().writeHeaderBlock(3, buffer, length, false, null, out);
        List<Frame> frames = parseEveryWay(out.toByteArray()).frames();
        assertEquals(2, frames.size());
        assertEquals(MAX, frames.get(0).payloadLength());
        assertTrue(((ContinuationFrame) frames.get(1)).endHeaders());
        assertArrayEquals(java.util.Arrays.copyOf(buffer, length), fragments(frames));
        assertThrows(IndexOutOfBoundsException.class,
                () -> new FrameWriter().writeHeaderBlock(3, buffer, buffer.length + 1, false, null, new FrameOutput()));
    }

    @Test
    void smallHeaderBlockIsOneHeadersFrame() {
        FrameOutput out = new FrameOutput();
        new FrameWriter().writeHeaderBlock(1, new byte[] {(byte) 0x82}, false, null, out);
        assertEquals(List.of(HeadersFrame.of(1, new byte[] {(byte) 0x82}, false, true)),
                parseEveryWay(out.toByteArray()).events);
    }

    @Test
    void pushPromiseSplitsIntoContinuations_rfc9113_6_6() {
        byte[] block = randomBytes(MAX);
        FrameOutput out = new FrameOutput();
        new FrameWriter().writePushPromise(1, 2, block, out);
        List<Frame> frames = parseEveryWay(out.toByteArray()).frames();
        assertEquals(2, frames.size());
        PushPromiseFrame promise = (PushPromiseFrame) frames.get(0);
        assertEquals(2, promise.promisedStreamId());
        assertFalse(promise.endHeaders());
        assertEquals(MAX, promise.payloadLength());
        assertArrayEquals(block, fragments(frames));
    }

    @Test
    void dataSplitsIntoMaxSizedFramesWithEndStreamOnTheLast() {
        byte[] data = randomBytes(2 * MAX + 7);
        FrameOutput out = new FrameOutput();
        new FrameWriter().writeData(3, data, 0, data.length, true, out);
        List<Frame> frames = parseEveryWay(out.toByteArray()).frames();
        assertEquals(List.of(MAX, MAX, 7), frames.stream().map(Frame::payloadLength).toList());
        assertEquals(List.of(false, false, true), frames.stream().map(f -> ((DataFrame) f).endStream()).toList());
        assertArrayEquals(data, fragments(frames));
    }

    @Test
    void emptyDataIsOneEmptyFrame() {
        FrameOutput out = new FrameOutput();
        new FrameWriter().writeData(3, new byte[10], 10, 0, true, out);
        assertEquals(List.of(DataFrame.of(3, new byte[0], true)), parseEveryWay(out.toByteArray()).events);
    }

    @Test
    void writerReusesItsOutputWithoutGrowing() {
        FrameWriter writer = new FrameWriter();
        FrameOutput out = new FrameOutput(64);
        DataFrame frame = DataFrame.of(1, new byte[1000], false);
        writer.write(frame, out);
        int capacity = out.capacity();
        for (int i = 0; i < 100; i++) {
            out.clear();
            writer.write(frame, out);
        }
        assertEquals(capacity, out.capacity());
    }

    private static byte[] fragments(List<Frame> frames) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (Frame frame : frames) {
            if (frame instanceof HeadersFrame h) {
                joined.writeBytes(h.fragment());
            } else if (frame instanceof PushPromiseFrame p) {
                joined.writeBytes(p.fragment());
            } else if (frame instanceof ContinuationFrame c) {
                joined.writeBytes(c.fragment());
            } else if (frame instanceof DataFrame d) {
                joined.writeBytes(d.data());
            }
        }
        return joined.toByteArray();
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return bytes;
    }
}
