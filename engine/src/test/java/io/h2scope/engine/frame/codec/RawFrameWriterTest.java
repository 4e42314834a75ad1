package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.frame.codec.Wire.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import java.util.List;
import org.junit.jupiter.api.Test;

class RawFrameWriterTest {

    @Test
    void bareHeaderWithReservedBitAndAnyTypeAndFlags_rfc9113_4_1() {
        assertEquals("ffffffffffffffffff", Wire.hex(RawFrameWriter.header(0xffffff, 0xff, 0xff, 0x7fffffff, true)));
        assertEquals("00000101028000000b", Wire.hex(RawFrameWriter.header(1, 1, 2, 11, true)));
        assertEquals("000000000000000000", Wire.hex(RawFrameWriter.header(0, 0, 0, 0, false)));
    }

    @Test
    void lengthFieldMayDisagreeWithThePayload() {
        byte[] bytes = RawFrameWriter.frame(8, 6, 0, 0, false, hex("0102"));
        assertEquals("000008060000000000" + "0102", Wire.hex(bytes));
    }

    @Test
    void lengthsBeyondTheTwentyFourBitFieldAreRefusedNotTruncated_rfc9113_4_1() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RawFrameWriter.header(1 << 24, 0, 0, 1, false));
        assertTrue(error.getMessage().contains("24 bits"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RawFrameWriter.frame(0x100, 0, 1, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> RawFrameWriter.header(0, 0, 0x100, 1, false));
        assertThrows(IllegalArgumentException.class, () -> RawFrameWriter.header(0, 0, 0, -1, false));
    }

    @Test
    void surplusPayloadIsReadAsTheNextFrame() {
        // announces 1 octet but carries a whole PING after it
        byte[] bytes = RawFrameWriter.frame(1, 0x0a, 0, 1, false,
                Wire.concat(hex("00"), FrameWriter.encode(PingFrame.of(1))));
        Recorder recorder = Wire.parseEveryWay(bytes);
        assertEquals(List.of(new UnknownFrame(0x0a, 0, 1, hex("00")), PingFrame.of(1)), recorder.events);
    }

    @Test
    void recordPayloadUnderAForbiddenHeader_rfc9113_6_7() {
        FrameOutput out = new FrameOutput();
        RawFrameWriter.writeFrameAs(out, PingFrame.of(1), 0, 1, true);
        Recorder recorder = Wire.parseEveryWay(out.toByteArray());
        Recorder.Rejected rejected = recorder.rejections().get(0);
        assertEquals(new FrameHeader(8, 6, 0, 1, true), rejected.header());
        assertEquals(SpecRef.rfc9113("6.7"), rejected.violation().spec());
        assertEquals(ErrorCode.PROTOCOL_ERROR, rejected.violation().code());
    }

    @Test
    void settingsAckWithPayload_canBeSent_rfc9113_6_5() {
        FrameOutput out = new FrameOutput();
        RawFrameWriter.writeFrameAs(out, SettingsFrame.of(new RawSetting(1, 0)), Flags.ACK, 0, false);
        assertEquals("000006 04 01 00000000 0001 00000000".replace(" ", ""), Wire.hex(out.toByteArray()));
    }
}
