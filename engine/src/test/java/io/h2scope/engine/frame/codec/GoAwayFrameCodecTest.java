package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static io.h2scope.engine.frame.codec.Wire.parseEveryWay;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoAwayFrameCodecTest {

    @Test
    void goAwayWithoutDebugData() {
        assertRoundTrip(GoAwayFrame.of(7, ErrorCode.PROTOCOL_ERROR), "000008 07 00 00000000 00000007 00000001");
    }

    @Test
    void goAwayWithDebugDataAndUnknownCode_rfc9113_6_8() {
        GoAwayFrame frame = GoAwayFrame.of(0x7fffffff, 0x1234, "bye".getBytes(US_ASCII));
        assertEquals("0x1234", frame.errorName());
        assertRoundTrip(frame, "00000b 07 00 00000000 7fffffff 00001234 627965");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new GoAwayFrame(flags, 1, 0, new byte[] {1}));
    }

    @Test
    void reservedBitOfLastStreamIdIsIgnored_rfc9113_6_8() {
        Recorder recorder = parseEveryWay(hex("000008 07 00 00000000 80000005 00000000"));
        assertEquals(List.of(GoAwayFrame.of(5, ErrorCode.NO_ERROR)), recorder.events);
    }

    @Test
    void goAwayOnAStream_rfc9113_6_8() {
        assertBreaks(hex("000008 07 00 00000003 00000000 00000000"), "6.8", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void tooShortForErrorCode_rfc9113_4_2() {
        assertBreaks(hex("000007 07 00 00000000 00000000 000000"), "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }
}
