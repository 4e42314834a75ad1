package io.h2scope.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class SettingIdTest {

    @Test
    void codesAreTheRegisteredOnes_rfc9113_6_5_2() {
        assertEquals(0x1, SettingId.HEADER_TABLE_SIZE.code());
        assertEquals(0x2, SettingId.ENABLE_PUSH.code());
        assertEquals(0x3, SettingId.MAX_CONCURRENT_STREAMS.code());
        assertEquals(0x4, SettingId.INITIAL_WINDOW_SIZE.code());
        assertEquals(0x5, SettingId.MAX_FRAME_SIZE.code());
        assertEquals(0x6, SettingId.MAX_HEADER_LIST_SIZE.code());
        assertEquals(0x8, SettingId.ENABLE_CONNECT_PROTOCOL.code());
        assertEquals(0x9, SettingId.NO_RFC7540_PRIORITIES.code());
    }

    @Test
    void initialValuesAreTheRfcDefaults_rfc9113_6_5_2() {
        assertEquals(4_096, SettingId.HEADER_TABLE_SIZE.initialValue());
        assertEquals(1, SettingId.ENABLE_PUSH.initialValue());
        assertEquals(Settings.UNLIMITED, SettingId.MAX_CONCURRENT_STREAMS.initialValue());
        assertEquals(65_535, SettingId.INITIAL_WINDOW_SIZE.initialValue());
        assertEquals(16_384, SettingId.MAX_FRAME_SIZE.initialValue());
        assertEquals(Settings.UNLIMITED, SettingId.MAX_HEADER_LIST_SIZE.initialValue());
        assertEquals(0, SettingId.ENABLE_CONNECT_PROTOCOL.initialValue());
        assertEquals(0, SettingId.NO_RFC7540_PRIORITIES.initialValue());
    }

    @ParameterizedTest
    @EnumSource(SettingId.class)
    void fromCodeRoundTrips(SettingId id) {
        assertEquals(Optional.of(id), SettingId.fromCode(id.code()));
    }

    @ParameterizedTest
    @ValueSource(ints = {0x0, 0x7, 0xa, 0xf, 0x10, 0xffff, -1, Integer.MAX_VALUE})
    void unknownCodesHaveNoConstant_rfc9113_6_5_2(int code) {
        assertTrue(SettingId.fromCode(code).isEmpty());
    }

    @Test
    void namesAreTheRfcNames() {
        assertEquals("SETTINGS_MAX_FRAME_SIZE", SettingId.MAX_FRAME_SIZE.settingName());
        assertEquals("SETTINGS_NO_RFC7540_PRIORITIES", SettingId.nameOf(9));
        assertEquals("0xa", SettingId.nameOf(0xa));
        assertEquals("0xffff", SettingId.nameOf(-1));
    }
}
