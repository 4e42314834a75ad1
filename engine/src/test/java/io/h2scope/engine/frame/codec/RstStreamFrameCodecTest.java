package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.RstStreamFrame;
import org.junit.jupiter.api.Test;

class RstStreamFrameCodecTest {

    @Test
    void cancel() {
        RstStreamFrame frame = RstStreamFrame.of(5, ErrorCode.CANCEL);
        assertEquals("CANCEL", frame.errorName());
        assertRoundTrip(frame, "000004 03 00 00000005 00000008");
    }

    @Test
    void unknownErrorCodeIsKeptRaw_rfc9113_7() {
        RstStreamFrame frame = RstStreamFrame.of(1, 0xdeadbeef);
        assertEquals("0xdeadbeef", frame.errorName());
        assertRoundTrip(frame, "000004 03 00 00000001 deadbeef");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new RstStreamFrame(7, flags, 2));
    }

    @Test
    void rstStreamOnStreamZero_rfc9113_6_4() {
        assertBreaks(hex("000004 03 00 00000000 00000008"), "6.4", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void lengthThree_isConnectionFrameSizeError_rfc9113_6_4() {
        assertBreaks(hex("000003 03 00 00000001 000008"), "6.4", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void lengthFive_isConnectionFrameSizeError_rfc9113_6_4() {
        assertBreaks(hex("000005 03 00 00000001 0000000800"), "6.4", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void oversizedRstStream_reportsItsOwnLengthRule_rfc9113_6_4() {
        // the §6.4 length rule (connection) is more specific than §4.2, which alone would allow a stream error
        assertBreaks(RawFrameWriter.header(Wire.MAX + 1, 3, 0, 1, false), "6.4", CONNECTION, FRAME_SIZE_ERROR);
    }
}
