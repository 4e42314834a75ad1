package io.h2scope.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.stream.Role;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SettingsValidatorTest {

    private final SettingsValidator atClient = new SettingsValidator(Role.CLIENT);
    private final SettingsValidator atServer = new SettingsValidator(Role.SERVER);

    @Test
    void enablePushOtherThanZeroOrOneIsProtocolError_rfc9113_6_5_2() {
        expect(ErrorCode.PROTOCOL_ERROR, "6.5.2", () -> atServer.validate(0x2, 2));
        expect(ErrorCode.PROTOCOL_ERROR, "6.5.2", () -> atServer.validate(0x2, 0xffff_ffffL));
    }

    @Test
    void clientReceivingEnablePushOneIsProtocolError_rfc9113_6_5_2() {
        expect(ErrorCode.PROTOCOL_ERROR, "6.5.2", () -> atClient.validate(0x2, 1));
        assertEquals(Optional.of(SettingId.ENABLE_PUSH), atClient.validate(0x2, 0));
    }

    @Test
    void serverMayReceiveEnablePushZeroOrOne_rfc9113_6_5_2() {
        assertEquals(Optional.of(SettingId.ENABLE_PUSH), atServer.validate(0x2, 1));
        assertEquals(Optional.of(SettingId.ENABLE_PUSH), atServer.validate(0x2, 0));
    }

    @Test
    void initialWindowSizeAboveMaxIsFlowControlError_rfc9113_6_5_2() {
        expect(ErrorCode.FLOW_CONTROL_ERROR, "6.5.2", () -> atClient.validate(0x4, 0x8000_0000L));
        expect(ErrorCode.FLOW_CONTROL_ERROR, "6.5.2", () -> atServer.validate(0x4, 0xffff_ffffL));
        assertEquals(Optional.of(SettingId.INITIAL_WINDOW_SIZE), atClient.validate(0x4, 0x7fff_ffffL));
        assertEquals(Optional.of(SettingId.INITIAL_WINDOW_SIZE), atClient.validate(0x4, 0));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 16_383, 16_777_216, 0xffff_ffffL})
    void maxFrameSizeOutsideRangeIsProtocolError_rfc9113_6_5_2(long value) {
        expect(ErrorCode.PROTOCOL_ERROR, "6.5.2", () -> atServer.validate(0x5, value));
    }

    @ParameterizedTest
    @ValueSource(longs = {16_384, 16_385, 16_777_215})
    void maxFrameSizeInRangeIsAccepted_rfc9113_6_5_2(long value) {
        assertEquals(Optional.of(SettingId.MAX_FRAME_SIZE), atServer.validate(0x5, value));
    }

    @ParameterizedTest
    @ValueSource(ints = {0x0, 0x7, 0xa, 0x10, 0xffff})
    void unknownIdentifiersAreIgnored_rfc9113_6_5_2(int id) {
        assertEquals(Optional.empty(), atClient.validate(id, 0xffff_ffffL));
    }

    @Test
    void unrestrictedSettingsTakeAnyValue_rfc9113_6_5_2() {
        for (int id : new int[] {0x1, 0x3, 0x6}) {
            assertEquals(SettingId.fromCode(id), atClient.validate(id, 0));
            assertEquals(SettingId.fromCode(id), atClient.validate(id, 0xffff_ffffL));
        }
    }

    @Test
    void extensionBooleanSettingsMustBeZeroOrOne_rfc9113_6_5() {
        // RFC 8441 §3 and RFC 9218 §2.1; cited as RFC 9113 §6.5 (badly formed SETTINGS)
        expect(ErrorCode.PROTOCOL_ERROR, "6.5", () -> atClient.validate(0x8, 2));
        expect(ErrorCode.PROTOCOL_ERROR, "6.5", () -> atServer.validate(0x9, 2));
        assertEquals(Optional.of(SettingId.ENABLE_CONNECT_PROTOCOL), atClient.validate(0x8, 1));
        assertEquals(Optional.of(SettingId.NO_RFC7540_PRIORITIES), atServer.validate(0x9, 1));
    }

    @Test
    void valuesOutsideUnsigned32AreCallerBugs() {
        assertThrows(IllegalArgumentException.class, () -> atClient.validate(0x1, -1));
        assertThrows(IllegalArgumentException.class, () -> atClient.validate(0x1, 1L << 32));
    }

    private static void expect(ErrorCode code, String section, org.junit.jupiter.api.function.Executable call) {
        ConnectionError e = assertThrows(ConnectionError.class, call);
        assertEquals(code, e.code());
        assertEquals(SpecRef.rfc9113(section), e.spec());
    }
}
