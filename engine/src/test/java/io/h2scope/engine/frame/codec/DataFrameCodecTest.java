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
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameHeader;
import java.util.List;
import org.junit.jupiter.api.Test;

class DataFrameCodecTest {

    private static final byte[] GOOD_FRAME = hex("000001 00 01 00000003 7a");

    @Test
    void plainData() {
        assertRoundTrip(DataFrame.of(1, "abc".getBytes(US_ASCII), false), "000003 00 00 00000001 616263");
    }

    @Test
    void emptyDataWithEndStream() {
        DataFrame frame = DataFrame.of(3, new byte[0], true);
        assertTrue(frame.endStream());
        assertRoundTrip(frame, "000000 00 01 00000003");
    }

    @Test
    void paddedDataKeepsPadLength_rfc9113_6_1() {
        DataFrame frame = DataFrame.padded(3, "hi".getBytes(US_ASCII), true, 2);
        assertEquals(5, frame.payloadLength(), "Pad Length octet and padding count in the length");
        assertRoundTrip(frame, "000005 00 09 00000003 02 6869 0000");
    }

    @Test
    void paddedWithZeroPadLength_rfc9113_6_1() {
        assertRoundTrip(DataFrame.padded(5, new byte[0], false, 0), "000001 00 08 00000005 00");
    }

    @Test
    void everyFlagCombination() {
        Wire.assertRoundTripAllFlags(flags ->
                new DataFrame(1, flags, "xyz".getBytes(US_ASCII), (flags & Flags.PADDED) != 0 ? 4 : -1));
    }

    @Test
    void paddingFillingAllButPadLength_isAccepted_rfc9113_6_1() {
        Recorder recorder = parseEveryWay(hex("000003 00 08 00000001 02 0000"));
        assertEquals(List.of(DataFrame.padded(1, new byte[0], false, 2)), recorder.events);
    }

    @Test
    void dataOnStreamZero_rfc9113_6_1() {
        assertBreaks(hex("000001 00 00 00000000 61"), "6.1", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void padLengthEqualToPayloadLength_rfc9113_6_1() {
        assertBreaks(hex("000003 00 08 00000001 03 0000"), "6.1", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void padLengthBeyondPayload_rfc9113_6_1() {
        assertBreaks(hex("000002 00 08 00000001 ff 00"), "6.1", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void paddedWithoutRoomForPadLength_isStreamFrameSizeError_rfc9113_4_2() {
        byte[] bytes = concat(hex("000000 00 08 00000001"), GOOD_FRAME);
        assertBreaks(bytes, "4.2", STREAM, FRAME_SIZE_ERROR);
        assertEquals(1, parseEveryWay(bytes).frames().size(), "a stream error does not stop the reader");
    }

    @Test
    void dataOverMaxFrameSize_isStreamErrorAndSkipped_rfc9113_4_2() {
        int length = Wire.MAX + 1;
        byte[] bytes = concat(RawFrameWriter.header(length, 0, 0, 1, false), new byte[length], GOOD_FRAME);
        assertBreaks(bytes, "4.2", STREAM, FRAME_SIZE_ERROR);
        Recorder recorder = parseEveryWay(bytes);
        assertEquals(new FrameHeader(length, 0, 0, 1, false), recorder.rejections().get(0).header(),
                "the header is reported so the core can still count the DATA against the connection window");
        assertEquals(List.of(DataFrame.of(3, new byte[] {'z'}, true)), recorder.frames());
    }
}
