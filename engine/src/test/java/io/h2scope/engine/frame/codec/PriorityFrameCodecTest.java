package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.error.ErrorScope.STREAM;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.concat;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static io.h2scope.engine.frame.codec.Wire.parseEveryWay;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import java.util.List;
import org.junit.jupiter.api.Test;

class PriorityFrameCodecTest {

    @Test
    void priority() {
        assertRoundTrip(PriorityFrame.of(3, new Priority(1, false, 16)), "000005 02 00 00000003 00000001 0f");
    }

    @Test
    void exclusiveBitIsNotAReservedBit_rfc9113_6_3() {
        Recorder recorder = parseEveryWay(hex("000005 02 00 00000003 80000001 00"));
        assertEquals(List.of(PriorityFrame.of(3, new Priority(1, true, 1))), recorder.events);
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new PriorityFrame(9, flags, new Priority(0x7fffffff, true, 200)));
    }

    @Test
    void priorityOnStreamZero_rfc9113_6_3() {
        assertBreaks(hex("000005 02 00 00000000 00000001 0f"), "6.3", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void lengthFour_isStreamFrameSizeError_rfc9113_6_3() {
        assertBreaks(hex("000004 02 00 00000003 00000001"), "6.3", STREAM, FRAME_SIZE_ERROR);
    }

    @Test
    void lengthSix_isStreamErrorAndReadingGoesOn_rfc9113_6_3() {
        byte[] bytes = concat(hex("000006 02 00 00000003 00000001 0f 00"), hex("000008 06 00 00000000 0102030405060708"));
        assertBreaks(bytes, "6.3", STREAM, FRAME_SIZE_ERROR);
        assertEquals(List.of(PingFrame.of(0x0102030405060708L)), parseEveryWay(bytes).frames());
    }
}
