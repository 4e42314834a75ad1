package io.h2scope.engine.frame.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.check.Violation;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;

/**
 * Arbitrary bytes, split arbitrarily: the reader raises nothing but the typed errors (and
 * IllegalStateException after it failed), returns from every call, consumes all input while
 * healthy, and never holds more than maxFrameSize + 9 bytes.
 *
 * <p>Input layout: the first byte seeds the split pattern and picks the mode (normal, lenient or
 * strict); the rest is the byte stream. {@code mvn test} replays the seeds in
 * {@code FrameReaderFuzzTestInputs/readerKeepsItsContract/}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class FrameReaderFuzzTest {

    private static final int MAX = FrameSizes.DEFAULT_MAX_FRAME_SIZE;

    @FuzzTest(maxDuration = "30s")
    void readerKeepsItsContract(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int control = input[0] & 0xff;
        byte[] stream = Arrays.copyOfRange(input, 1, input.length);
        int mode = control % 3;
        FrameReader reader = mode == 1 ? FrameReader.lenient(MAX) : new FrameReader(MAX);
        FrameHandler handler = mode == 2 ? new CheckingStrictHandler(reader) : new CheckingHandler(reader);
        Random splits = new Random(control);

        int offset = 0;
        while (offset < stream.length) {
            int piece = Math.min(stream.length - offset, splits.nextInt(4) == 0 ? 1 : splits.nextInt(64));
            ByteBuffer in = ByteBuffer.wrap(stream, offset, piece);
            try {
                reader.read(in, handler);
            } catch (ConnectionError expected) {
                assertEquals(2, mode, "only the strict handler throws");
                assertTrue(reader.isFailed(), "a thrown connection error leaves the reader failed");
            }
            assertTrue(reader.retainedBytes() <= MAX + FrameSizes.HEADER_LENGTH, "memory bound");
            if (reader.isFailed()) {
                assertThrows(IllegalStateException.class, () -> reader.read(ByteBuffer.wrap(stream), handler));
                return;
            }
            assertEquals(0, in.remaining(), "a healthy reader consumes all input");
            offset += piece;
        }
    }

    /** Checks what every delivered frame and violation must satisfy. */
    private static class CheckingHandler implements FrameHandler {
        final FrameReader reader;

        CheckingHandler(FrameReader reader) {
            this.reader = reader;
        }

        @Override
        public void onFrame(Frame frame) {
            FrameHeader header = reader.currentHeader();
            assertEquals(header.length(), frame.payloadLength(), "the model accounts for every payload octet");
            assertEquals(header.typeCode(), frame.typeCode());
            assertEquals(header.flags(), frame.flags());
            assertEquals(header.streamId(), frame.streamId());
            assertEquals(FrameSizes.HEADER_LENGTH + header.length(), FrameWriter.encode(frame).length);
        }

        @Override
        public void onViolation(FrameHeader header, Violation violation) {
            assertTrue(header.streamId() != 0 || violation.toException(0) instanceof ConnectionError);
        }
    }

    private static final class CheckingStrictHandler extends CheckingHandler implements StrictFrameHandler {
        CheckingStrictHandler(FrameReader reader) {
            super(reader);
        }

        @Override
        public void onStreamError(FrameHeader header, StreamError error) {
            assertEquals(header.streamId(), error.streamId());
        }

        @Override
        public void onViolation(FrameHeader header, Violation violation) {
            StrictFrameHandler.super.onViolation(header, violation);
        }
    }
}
