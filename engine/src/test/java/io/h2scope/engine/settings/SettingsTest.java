package io.h2scope.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SettingsTest {

    @Test
    void defaultsAreTheRfcInitialValues_rfc9113_6_5_2() {
        Settings d = Settings.DEFAULTS;
        assertEquals(4_096, d.headerTableSize());
        assertTrue(d.enablePush());
        assertEquals(Settings.UNLIMITED, d.maxConcurrentStreams());
        assertEquals(65_535, d.initialWindowSize());
        assertEquals(16_384, d.maxFrameSize());
        assertEquals(Settings.UNLIMITED, d.maxHeaderListSize());
        assertFalse(d.enableConnectProtocol());
        assertFalse(d.noRfc7540Priorities());
    }

    @Test
    void applyReplacesOneValueAndLeavesTheOriginal_rfc9113_6_5() {
        Settings changed = Settings.DEFAULTS.apply(SettingId.MAX_FRAME_SIZE, 32_768);
        assertEquals(32_768, changed.maxFrameSize());
        assertEquals(16_384, Settings.DEFAULTS.maxFrameSize());
        assertEquals(65_535, changed.initialWindowSize());
        assertNotEquals(Settings.DEFAULTS, changed);
        assertEquals(changed, Settings.DEFAULTS.apply(new Setting(SettingId.MAX_FRAME_SIZE, 32_768)));
        assertSame(changed, changed.apply(SettingId.MAX_FRAME_SIZE, 32_768));
    }

    @Test
    void largestWireValueFits() {
        Settings s = Settings.DEFAULTS.apply(SettingId.MAX_CONCURRENT_STREAMS, 0xffff_ffffL);
        assertEquals(4_294_967_295L, s.maxConcurrentStreams());
        assertThrows(IllegalArgumentException.class, () -> Settings.DEFAULTS.apply(SettingId.HEADER_TABLE_SIZE, 1L << 32));
        assertThrows(IllegalArgumentException.class, () -> new Setting(SettingId.HEADER_TABLE_SIZE, -1));
        assertThrows(IllegalArgumentException.class, () -> new Setting(SettingId.MAX_CONCURRENT_STREAMS, Settings.UNLIMITED));
    }

    @Test
    void builderChecksOwnValuesAgainstTheRfc_rfc9113_6_5_2() {
        Settings s = Settings.builder().maxConcurrentStreams(100).initialWindowSize(1 << 20).maxFrameSize(65_536)
                .enablePush(false).headerTableSize(0).maxHeaderListSize(8_192).enableConnectProtocol(true).build();
        assertEquals(100, s.maxConcurrentStreams());
        assertEquals(1 << 20, s.initialWindowSize());
        assertFalse(s.enablePush());
        assertTrue(s.enableConnectProtocol());
        assertEquals(s, s.toBuilder().build());
        assertThrows(IllegalArgumentException.class, () -> Settings.builder().maxFrameSize(16_383));
        assertThrows(IllegalArgumentException.class, () -> Settings.builder().initialWindowSize(1L << 31));
        assertThrows(IllegalArgumentException.class, () -> Settings.builder().set(SettingId.ENABLE_PUSH, 2));
        assertEquals(Settings.UNLIMITED, Settings.builder().maxConcurrentStreams(Settings.UNLIMITED).build().maxConcurrentStreams());
    }

    @Test
    void toStringNamesEverySetting() {
        String s = Settings.DEFAULTS.toString();
        assertTrue(s.contains("SETTINGS_HEADER_TABLE_SIZE=4096"), s);
        assertTrue(s.contains("SETTINGS_MAX_CONCURRENT_STREAMS=unlimited"), s);
        assertEquals(Settings.DEFAULTS.hashCode(), Settings.builder().build().hashCode());
    }
}
