package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.PingFrame;
import org.junit.jupiter.api.Test;

class PingFrameCodecTest {

    @Test
    void ping() {
        PingFrame ping = PingFrame.of(0x0102030405060708L);
        assertFalse(ping.ack());
        assertRoundTrip(ping, "000008 06 00 00000000 0102030405060708");
    }

    @Test
    void pingAckWithHighBitData_rfc9113_6_7() {
        PingFrame ack = PingFrame.ackOf(0xfedcba9876543210L);
        assertTrue(ack.ack());
        assertRoundTrip(ack, "000008 06 01 00000000 fedcba9876543210");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new PingFrame(flags, -1L));
    }

    @Test
    void pingOnAStream_rfc9113_6_7() {
        assertBreaks(hex("000008 06 00 00000001 0000000000000000"), "6.7", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void lengthSeven_rfc9113_6_7() {
        assertBreaks(hex("000007 06 00 00000000 00000000000000"), "6.7", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void lengthNine_rfc9113_6_7() {
        assertBreaks(hex("000009 06 01 00000000 000000000000000000"), "6.7", CONNECTION, FRAME_SIZE_ERROR);
    }
}
