package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.frame.codec.Wire.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FrameOutputTest {

    @Test
    void writesBigEndianFields() {
        FrameOutput out = new FrameOutput(0);
        out.writeMedium(0x123456);
        out.writeByte(0xab);
        out.writeShort(0xcdef);
        out.writeInt(0x80000001);
        out.writeLong(0x0102030405060708L);
        out.writeZeros(2);
        out.write(ByteBuffer.wrap(hex("ff")));
        assertEquals("123456abcdef800000010102030405060708" + "0000ff", Wire.hex(out.toByteArray()));
    }

    @Test
    void bytesConsumedThroughTheViewCountAsRead() {
        FrameOutput out = new FrameOutput(8);
        out.write(hex("0102030405"));
        ByteBuffer view = out.readableView();
        view.get(new byte[3]); // as a channel write would
        assertEquals(2, out.readableBytes());
        out.compact();
        assertEquals("0405", Wire.hex(out.toByteArray()));
        out.write(hex("060708090a0b")); // fits after compaction
        assertEquals(8, out.capacity());
        assertEquals("0405060708090a0b", Wire.hex(out.toByteArray()));
    }

    @Test
    void growingKeepsOnlyTheUnreadBytes() {
        FrameOutput out = new FrameOutput(4);
        out.write(hex("01020304"));
        ByteBuffer sink = ByteBuffer.allocate(3);
        assertEquals(3, out.drainTo(sink));
        out.write(hex("0506070809"));
        assertEquals("040506070809", Wire.hex(out.toByteArray()));
    }

    @Test
    void drainToCopiesWhatFits() {
        FrameOutput out = new FrameOutput();
        out.write(hex("010203"));
        ByteBuffer sink = ByteBuffer.allocate(2);
        assertEquals(2, out.drainTo(sink));
        assertEquals(1, out.readableBytes());
        out.clear();
        assertEquals(0, out.readableBytes());
    }
}
