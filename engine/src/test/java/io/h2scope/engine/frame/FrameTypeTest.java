package io.h2scope.engine.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class FrameTypeTest {

    @Test
    void codesFollowRfc9113Section6() {
        for (FrameType type : FrameType.values()) {
            assertEquals(type.ordinal(), type.code());
            assertEquals(type, FrameType.fromCode(type.code()));
        }
        assertEquals(0x9, FrameType.CONTINUATION.code());
    }

    @Test
    void unknownCodesHaveNoTypeAndAHexName_rfc9113_5_5() {
        assertNull(FrameType.fromCode(0xa));
        assertNull(FrameType.fromCode(-1));
        assertEquals("0xa", FrameType.nameOf(0xa));
        assertEquals("0xff", FrameType.nameOf(0xff));
        assertEquals("WINDOW_UPDATE", FrameType.nameOf(8));
    }
}
