package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static io.h2scope.engine.frame.codec.Wire.parseEveryWay;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowUpdateFrameCodecTest {

    @Test
    void connectionWindowUpdateOnStreamZero_rfc9113_6_9() {
        assertRoundTrip(WindowUpdateFrame.of(0, 0x7fffffff), "000004 08 00 00000000 7fffffff");
    }

    @Test
    void streamWindowUpdate() {
        assertRoundTrip(WindowUpdateFrame.of(3, 1000), "000004 08 00 00000003 000003e8");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new WindowUpdateFrame(1, flags, 1));
    }

    @Test
    void zeroIncrementIsDeliveredForTheCoreToJudge_rfc9113_6_9() {
        assertEquals(List.of(WindowUpdateFrame.of(1, 0)), parseEveryWay(hex("000004 08 00 00000001 00000000")).events);
    }

    @Test
    void reservedBitOfIncrementIsIgnored_rfc9113_6_9() {
        assertEquals(List.of(WindowUpdateFrame.of(1, 5)), parseEveryWay(hex("000004 08 00 00000001 80000005")).events);
    }

    @Test
    void lengthThree_rfc9113_6_9() {
        assertBreaks(hex("000003 08 00 00000000 000001"), "6.9", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void lengthFiveOnAStream_isStillAConnectionError_rfc9113_6_9() {
        assertBreaks(hex("000005 08 00 00000001 0000000100"), "6.9", CONNECTION, FRAME_SIZE_ERROR);
    }
}
