package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Priority;
import org.junit.jupiter.api.Test;

class HeadersFrameCodecTest {

    private static final byte[] FRAGMENT = hex("8287");

    @Test
    void endStreamAndEndHeaders() {
        HeadersFrame frame = HeadersFrame.of(1, FRAGMENT, true, true);
        assertTrue(frame.endStream());
        assertTrue(frame.endHeaders());
        assertRoundTrip(frame, "000002 01 05 00000001 8287");
    }

    @Test
    void withoutEndHeaders() {
        HeadersFrame frame = HeadersFrame.of(3, FRAGMENT, false, false);
        assertFalse(frame.endHeaders());
        assertRoundTrip(frame, "000002 01 00 00000003 8287");
    }

    @Test
    void priorityFields_exclusiveAndWeight256_rfc9113_6_2() {
        HeadersFrame frame = HeadersFrame.withPriority(5, FRAGMENT, false, true, new Priority(3, true, 256));
        assertRoundTrip(frame, "000007 01 24 00000005 80000003 ff 8287");
    }

    @Test
    void paddedWithPriority_rfc9113_6_2() {
        HeadersFrame frame = HeadersFrame.padded(5, FRAGMENT, true, true, 3, new Priority(1, false, 1));
        assertRoundTrip(frame, "00000b 01 2d 00000005 03 00000001 00 8287 000000");
    }

    @Test
    void paddedWithoutPriority_rfc9113_6_2() {
        assertRoundTrip(HeadersFrame.padded(7, FRAGMENT, false, true, 1, null), "000004 01 0c 00000007 01 8287 00");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags -> new HeadersFrame(1, flags, FRAGMENT,
                (flags & Flags.PADDED) != 0 ? 2 : -1,
                (flags & Flags.PRIORITY) != 0 ? new Priority(7, (flags & 0x40) != 0, 42) : null));
    }

    @Test
    void priorityFlagMustMatchPriorityFields() {
        assertThrows(IllegalArgumentException.class, () -> new HeadersFrame(1, Flags.PRIORITY, FRAGMENT, -1, null));
        assertThrows(IllegalArgumentException.class, () -> new HeadersFrame(1, 0, FRAGMENT, -1, Priority.DEFAULT));
    }

    @Test
    void headersOnStreamZero_rfc9113_6_2() {
        assertBreaks(hex("000002 01 04 00000000 8287"), "6.2", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void paddedWithoutRoomForPadLength_isConnectionError_rfc9113_4_2() {
        assertBreaks(hex("000000 01 0c 00000001"), "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void priorityFlagWithoutRoomForPriorityFields_rfc9113_4_2() {
        assertBreaks(hex("000004 01 24 00000001 00000003"), "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void padLengthEqualToPayloadLength_rfc9113_6_2() {
        assertBreaks(hex("000003 01 0c 00000001 03 8287"), "6.2", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void paddingOverlappingPriorityFields_rfc9113_6_2() {
        // length 8 = Pad Length (1) + priority (5) + 2 octets; a pad length of 3 leaves -1 for the fragment
        assertBreaks(hex("000008 01 2c 00000001 03 00000000 0f 0000"), "6.2", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void headersOverMaxFrameSize_isConnectionError_rfc9113_4_2() {
        int length = Wire.MAX + 1;
        byte[] bytes = Wire.concat(RawFrameWriter.header(length, 1, Flags.END_HEADERS, 1, false), new byte[length]);
        assertBreaks(bytes, "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }
}
