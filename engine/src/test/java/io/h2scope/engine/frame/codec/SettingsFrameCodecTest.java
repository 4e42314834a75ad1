package io.h2scope.engine.frame.codec;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.frame.codec.Wire.assertBreaks;
import static io.h2scope.engine.frame.codec.Wire.assertRoundTrip;
import static io.h2scope.engine.frame.codec.Wire.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsFrameCodecTest {

    @Test
    void emptySettings() {
        assertRoundTrip(SettingsFrame.of(), "000000 04 00 00000000");
    }

    @Test
    void settingsInOrderWithUnknownIdsAndRepeats_rfc9113_6_5() {
        SettingsFrame frame = SettingsFrame.of(new RawSetting(3, 100), new RawSetting(0xabcd, 0xffffffffL),
                new RawSetting(3, 0), new RawSetting(4, 65535));
        assertRoundTrip(frame, "000018 04 00 00000000 0003 00000064 abcd ffffffff 0003 00000000 0004 0000ffff");
    }

    @Test
    void ack_rfc9113_6_5() {
        SettingsFrame ack = SettingsFrame.ackFrame();
        assertTrue(ack.ack());
        assertRoundTrip(ack, "000000 04 01 00000000");
    }

    @Test
    void everyFlagCombination() {
        // ACK with settings is kept by the model (the conformance suite sends it); here only flags without ACK
        // carry settings so that every frame is also one the reader accepts
        Wire.assertRoundTripAllFlags(flags -> new SettingsFrame(flags,
                (flags & Flags.ACK) != 0 ? List.of() : List.of(new RawSetting(1, 4096))));
    }

    @Test
    void settingsListIsACopy() {
        List<RawSetting> settings = new ArrayList<>(List.of(new RawSetting(1, 1)));
        SettingsFrame frame = SettingsFrame.of(settings);
        settings.clear();
        assertEquals(1, frame.settings().size());
        assertThrows(UnsupportedOperationException.class, () -> frame.settings().add(new RawSetting(2, 0)));
    }

    @Test
    void settingsOnAStream_rfc9113_6_5() {
        assertBreaks(hex("000000 04 00 00000001"), "6.5", CONNECTION, PROTOCOL_ERROR);
    }

    @Test
    void ackWithPayload_rfc9113_6_5() {
        assertBreaks(hex("000006 04 01 00000000 0001 00001000"), "6.5", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void lengthNotAMultipleOfSix_rfc9113_6_5_1() {
        assertBreaks(hex("000005 04 00 00000000 0001 000010"), "6.5", CONNECTION, FRAME_SIZE_ERROR);
    }

    @Test
    void settingsOverMaxFrameSize_isConnectionError_rfc9113_4_2() {
        int length = 2736 * 6; // 16416 > 16384, a multiple of 6
        byte[] bytes = Wire.concat(RawFrameWriter.header(length, 4, 0, 0, false), new byte[length]);
        assertBreaks(bytes, "4.2", CONNECTION, FRAME_SIZE_ERROR);
    }
}
