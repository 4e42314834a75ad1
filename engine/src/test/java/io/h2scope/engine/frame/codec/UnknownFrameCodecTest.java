package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.error.ErrorScope.STREAM;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.concat;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h2scope.engine.frame.UnknownFrame;
import org.junit.jupiter.api.Test;

class UnknownFrameCodecTest {

    @Test
    void unknownTypeIsKeptAndReturned_rfc9113_5_5() {
        UnknownFrame frame = new UnknownFrame(0x0a, 0x0f, 3, hex("cafe"));
        assertNull(frame.type());
        assertRoundTrip(frame, "000002 0a 0f 00000003 cafe");
    }

    @Test
    void everyUnknownTypeCodeOnStreamZero_rfc9113_4_1() {
        for (int type = 0x0a; type <= 0xff; type++) {
            assertRoundTrip(new UnknownFrame(type, 0, 0, new byte[0]));
        }
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new UnknownFrame(0xff, flags, 0x7fffffff, hex("00")));
    }

    @Test
    void knownTypeCodesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new UnknownFrame(0x09, 0, 1, new byte[0]));
    }

    @Test
    void oversizedUnknownFrameOnAStream_isStreamError_rfc9113_4_2() {
        int length = Wire.MAX + 1;
        assertBreaks(concat(RawFrameWriter.header(length, 0xbb, 0, 1, false), new byte[length]),
                "4.2", STREAM, FRAME_SIZE_ERROR);
    }

    @Test
    void oversizedUnknownFrameOnStreamZero_isConnectionError_rfc9113_4_2() {
        int length = Wire.MAX + 1;
        assertBreaks(concat(RawFrameWriter.header(length, 0xbb, 0, 0, false), new byte[length]),
                "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }
}
