package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static io.h2scope.engine.frame.codec.Wire.parseEveryWay;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.PushPromiseFrame;
import java.util.List;
import org.junit.jupiter.api.Test;

class PushPromiseFrameCodecTest {

    private static final byte[] FRAGMENT = hex("8287");

    @Test
    void pushPromise() {
        assertRoundTrip(PushPromiseFrame.of(1, 2, FRAGMENT, true), "000006 05 04 00000001 00000002 8287");
    }

    @Test
    void paddedPushPromise_rfc9113_6_6() {
        assertRoundTrip(PushPromiseFrame.padded(3, 4, FRAGMENT, false, 2), "000009 05 08 00000003 02 00000004 8287 0000");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags ->
                new PushPromiseFrame(1, flags, 2, FRAGMENT, (flags & Flags.PADDED) != 0 ? 255 : -1));
    }

    @Test
    void reservedBitOfPromisedStreamIdIsIgnored_rfc9113_6_6() {
        Recorder recorder = parseEveryWay(hex("000004 05 04 00000001 80000002"));
        assertEquals(List.of(PushPromiseFrame.of(1, 2, new byte[0], true)), recorder.events);
    }

    @Test
    void pushPromiseOnStreamZero_rfc9113_6_6() {
        assertBreaks(hex("000004 05 04 00000000 00000002"), "6.6", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void tooShortForPromisedStreamId_rfc9113_4_2() {
        assertBreaks(hex("000003 05 04 00000001 000002"), "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void paddedTooShortForPadLengthAndPromisedStreamId_rfc9113_4_2() {
        assertBreaks(hex("000004 05 0c 00000001 00 000002"), "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void paddingBeyondFragment_rfc9113_6_6() {
        assertBreaks(hex("000007 05 0c 00000001 03 00000002 8287"), "6.6", CONNECTION, PROTOCOL_ERROR);
    }
}
