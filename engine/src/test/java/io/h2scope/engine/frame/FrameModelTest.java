package io.h2scope.engine.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What the records refuse: only what cannot be encoded, never an RFC rule. */
class FrameModelTest {

    @Test
    void padLengthMustAgreeWithThePaddedFlag() {
        assertThrows(IllegalArgumentException.class, () -> new DataFrame(1, Flags.PADDED, new byte[0], -1));
        assertThrows(IllegalArgumentException.class, () -> new DataFrame(1, 0, new byte[0], 0));
        assertThrows(IllegalArgumentException.class, () -> DataFrame.padded(1, new byte[0], false, 256));
    }

    @Test
    void fieldRangesAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> DataFrame.of(-1, new byte[0], false));
        assertThrows(IllegalArgumentException.class, () -> new PingFrame(0x100, 0));
        assertThrows(IllegalArgumentException.class, () -> new Priority(1, false, 0));
        assertThrows(IllegalArgumentException.class, () -> new Priority(1, false, 257));
        assertThrows(IllegalArgumentException.class, () -> new RawSetting(0x10000, 0));
        assertThrows(IllegalArgumentException.class, () -> new RawSetting(1, 0x100000000L));
        assertThrows(IllegalArgumentException.class, () -> WindowUpdateFrame.of(1, -1));
        assertThrows(IllegalArgumentException.class, () -> DataFrame.of(1, null, false));
    }

    @Test
    void rfcRulesAreNotTheModelsBusiness() {
        // DATA on stream 0, a zero increment, ACK with settings: representable, so the conformance suite can send them
        assertEquals(0, DataFrame.of(0, new byte[0], false).streamId());
        assertEquals(0, WindowUpdateFrame.of(1, 0).increment());
        assertTrue(new SettingsFrame(Flags.ACK, java.util.List.of(new RawSetting(1, 1))).ack());
    }

    @Test
    void framesWithPayloadCompareByContent() {
        assertEquals(DataFrame.of(1, new byte[] {1, 2}, true), DataFrame.of(1, new byte[] {1, 2}, true));
        assertEquals(DataFrame.of(1, new byte[] {1, 2}, true).hashCode(), DataFrame.of(1, new byte[] {1, 2}, true).hashCode());
        assertNotEquals(DataFrame.of(1, new byte[] {1, 2}, true), DataFrame.of(1, new byte[] {1, 3}, true));
        assertEquals(new GoAwayFrame(0, 1, 2, new byte[] {9}), new GoAwayFrame(0, 1, 2, new byte[] {9}));
    }

    @Test
    void toStringShowsNamedFlagsAndAPayloadPreview() {
        assertEquals("DATA[stream=1, flags=END_STREAM|PADDED, padLength=2, data=2 bytes 0aff]",
                DataFrame.padded(1, new byte[] {10, -1}, true, 2).toString());
        assertEquals("PING[flags=ACK, opaqueData=0x2a]", PingFrame.ackOf(42).toString());
    }

    @Test
    void priorityWireFormat_rfc9113_6_3() {
        Priority priority = Priority.fromWire(0x80000005, 0xff);
        assertEquals(new Priority(5, true, 256), priority);
        assertEquals(0x80000005, priority.dependencyWord());
        assertEquals(0xff, priority.wireWeight());
    }
}
