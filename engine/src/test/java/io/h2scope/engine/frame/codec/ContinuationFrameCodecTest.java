package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;

import io.h2scope.engine.frame.ContinuationFrame;
import org.junit.jupiter.api.Test;

class ContinuationFrameCodecTest {

    @Test
    void continuationWithEndHeaders() {
        assertRoundTrip(ContinuationFrame.of(1, hex("8287"), true), "000002 09 04 00000001 8287");
    }

    @Test
    void emptyContinuationWithoutEndHeaders() {
        assertRoundTrip(ContinuationFrame.of(1, new byte[0], false), "000000 09 00 00000001");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new ContinuationFrame(1, flags, hex("41")));
    }

    @Test
    void continuationOnStreamZero_rfc9113_6_10() {
        assertBreaks(hex("000002 09 04 00000000 8287"), "6.10", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void continuationOverMaxFrameSize_isConnectionError_rfc9113_4_2() {
        int length = Wire.MAX + 1;
        byte[] bytes = Wire.concat(RawFrameWriter.header(length, 9, 0, 1, false), new byte[length]);
        assertBreaks(bytes, "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }
}
