package io.h2scope.engine.frame.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.check.Violation;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;

/** Bytes, parsing in every split, and round-trip assertions shared by the codec tests. */
final class Wire {

    static final int MAX = FrameSizes.DEFAULT_MAX_FRAME_SIZE;

    private Wire() {
    }

    /** Hex with optional spaces: {@code "000003 00 01 00000001 616263"}. */
    static byte[] hex(String text) {
        return HexFormat.of().parseHex(text.replace(" ", ""));
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    static Recorder parseWhole(byte[] bytes) {
        return parse(new FrameReader(MAX), bytes, new int[] {bytes.length});
    }

    static Recorder parseByteByByte(byte[] bytes) {
        int[] ones = new int[bytes.length];
        java.util.Arrays.fill(ones, 1);
        return parse(new FrameReader(MAX), bytes, ones);
    }

    static Recorder parseRandomSplits(byte[] bytes, long seed) {
        Random random = new Random(seed);
        int[] pieces = new int[bytes.length + 1];
        int count = 0;
        for (int left = bytes.length; left > 0; ) {
            int piece = Math.min(left, random.nextInt(12) == 0 ? 0 : 1 + random.nextInt(Math.max(1, left)));
            pieces[count++] = piece; // zero-length pieces are fine too
            left -= piece;
        }
        return parse(new FrameReader(MAX), bytes, java.util.Arrays.copyOf(pieces, count));
    }

    /** Feeds {@code bytes} in pieces of the given sizes; each piece must be consumed entirely. */
    static Recorder parse(FrameReader reader, byte[] bytes, int[] pieces) {
        Recorder recorder = new Recorder(reader);
        int offset = 0;
        for (int piece : pieces) {
            ByteBuffer in = ByteBuffer.wrap(bytes, offset, piece);
            reader.read(in, recorder);
            if (reader.isFailed()) {
                return recorder;
            }
            assertEquals(0, in.remaining(), "a healthy reader consumes all input");
            offset += piece;
        }
        return recorder;
    }

    /** The same events in every split: whole, one byte at a time, and random pieces. */
    static Recorder parseEveryWay(byte[] bytes) {
        Recorder whole = parseWhole(bytes);
        assertEquals(whole.events, parseByteByByte(bytes).events, "one byte at a time");
        for (long seed = 1; seed <= 5; seed++) {
            assertEquals(whole.events, parseRandomSplits(bytes, seed).events, "random split, seed " + seed);
        }
        return whole;
    }

    /** Encodes to exactly {@code expectedHex}, parses back to an equal frame in every split, re-encodes identically. */
    static void assertRoundTrip(Frame frame, String expectedHex) {
        byte[] bytes = FrameWriter.encode(frame);
        assertEquals(expectedHex.replace(" ", ""), hex(bytes));
        assertRoundTrip(frame);
    }

    /** Parses back to an equal frame in every split and re-encodes to the same bytes. */
    static void assertRoundTrip(Frame frame) {
        byte[] bytes = FrameWriter.encode(frame);
        FrameOutput out = new FrameOutput(1);
        new FrameWriter(FrameSizes.MAX_FRAME_SIZE_LIMIT).write(frame, out);
        assertArrayEquals(bytes, out.toByteArray(), "FrameWriter.write and encode agree");
        assertEquals(FrameSizes.HEADER_LENGTH + frame.payloadLength(), bytes.length, "payloadLength() is the wire length");

        Recorder recorder = parseEveryWay(bytes);
        assertEquals(List.of(frame), recorder.events);
        assertArrayEquals(bytes, FrameWriter.encode(recorder.frames().get(0)), "byte-exact re-encoding");
    }

    /** Parses bytes that hold one bad frame (plus maybe good ones) and returns the single violation. */
    static Violation singleViolation(byte[] bytes) {
        List<Recorder.Rejected> rejected = parseEveryWay(bytes).rejections();
        assertEquals(1, rejected.size(), "one violation expected, got " + rejected);
        return rejected.get(0).violation();
    }

    /** The bytes break one rule with exactly this RFC 9113 section, scope and code (literal: not read from FrameRule). */
    static Violation assertBreaks(byte[] bytes, String rfc9113Section, ErrorScope scope, ErrorCode code) {
        Violation violation = singleViolation(bytes);
        assertEquals(SpecRef.rfc9113(rfc9113Section), violation.spec(), "section");
        assertEquals(scope, violation.scope(), "scope");
        assertEquals(code, violation.code(), "code");
        assertFalse(violation.detail().isBlank());
        return violation;
    }

    /** Every one of the 256 flag values round-trips byte-exactly, undefined bits included. */
    static void assertRoundTripAllFlags(IntFunction<Frame> build) {
        for (int flags = 0; flags <= 0xff; flags++) {
            Frame frame = build.apply(flags);
            assertEquals(flags, frame.flags());
            assertRoundTrip(frame);
        }
    }
}
