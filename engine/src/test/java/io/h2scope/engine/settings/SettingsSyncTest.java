package io.h2scope.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SettingsSyncTest {

    private static final long TIMEOUT = 1_000;

    private final SettingsSync sync = new SettingsSync(Settings.DEFAULTS, TIMEOUT);

    @Test
    void valuesTakeEffectOnlyWhenAcked_rfc9113_6_5_3() {
        sync.onSent(List.of(new Setting(SettingId.INITIAL_WINDOW_SIZE, 1_000)), 0);
        assertEquals(65_535, sync.acknowledged().initialWindowSize());
        assertEquals(1_000, sync.announced().initialWindowSize());
        Settings now = sync.onAck();
        assertEquals(1_000, now.initialWindowSize());
        assertEquals(now, sync.acknowledged());
        assertEquals(0, sync.pendingCount());
    }

    @Test
    void acksApplyInFlightFramesInOrder_rfc9113_6_5_3() {
        sync.onSent(List.of(new Setting(SettingId.MAX_CONCURRENT_STREAMS, 10),
                new Setting(SettingId.MAX_CONCURRENT_STREAMS, 20)), 0);
        sync.onSent(List.of(new Setting(SettingId.MAX_CONCURRENT_STREAMS, 5),
                new Setting(SettingId.ENABLE_PUSH, 0)), 10);
        assertEquals(2, sync.pendingCount());
        assertEquals(5, sync.announced().maxConcurrentStreams());
        // within one frame, the last value wins (§6.5.3: "processed in the order they appear")
        assertEquals(20, sync.onAck().maxConcurrentStreams());
        assertTrue(sync.acknowledged().enablePush());
        Settings second = sync.onAck();
        assertEquals(5, second.maxConcurrentStreams());
        assertFalse(second.enablePush());
    }

    @Test
    void ackWithNothingPendingIsProtocolError_rfc9113_6_5_3() {
        ConnectionError e = assertThrows(ConnectionError.class, sync::onAck);
        assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.5.3"), e.spec());
        sync.onSent(List.of(), 0);
        sync.onAck();
        assertThrows(ConnectionError.class, sync::onAck);
    }

    @Test
    void deadlineFollowsTheOldestPendingFrame_rfc9113_6_5_3() {
        assertEquals(OptionalLong.empty(), sync.deadline());
        assertFalse(sync.isOverdue(Long.MAX_VALUE));
        sync.onSent(List.of(), 100);
        sync.onSent(List.of(), 600);
        assertEquals(OptionalLong.of(1_100), sync.deadline());
        assertFalse(sync.isOverdue(1_099));
        assertTrue(sync.isOverdue(1_100));
        sync.onAck();
        assertEquals(OptionalLong.of(1_600), sync.deadline());
        assertFalse(sync.isOverdue(1_100));
    }

    @Test
    void overdueSurvivesNanoTimeWrapAround_rfc9113_6_5_3() {
        long sentAt = Long.MAX_VALUE - 100;
        sync.onSent(List.of(), sentAt);
        assertFalse(sync.isOverdue(sentAt + 500));
        assertTrue(sync.isOverdue(sentAt + TIMEOUT));
    }

    @Test
    void timeoutErrorIsSettingsTimeout_rfc9113_6_5_3() {
        ConnectionError e = sync.timeoutError();
        assertEquals(ErrorCode.SETTINGS_TIMEOUT, e.code());
        assertEquals(SpecRef.rfc9113("6.5.3"), e.spec());
    }

    @Test
    void defaultsAndBadTimeouts() {
        SettingsSync d = new SettingsSync();
        assertEquals(Settings.DEFAULTS, d.acknowledged());
        d.onSent(List.of(), 0);
        assertEquals(OptionalLong.of(SettingsSync.DEFAULT_ACK_TIMEOUT_NANOS), d.deadline());
        assertThrows(IllegalArgumentException.class, () -> new SettingsSync(Settings.DEFAULTS, 0));
    }

    @Test
    void aLooseningValueHoldsWhenSentATighteningOneWhenAcked_rfc9113_6_9_3() {
        sync.onSent(List.of(new Setting(SettingId.INITIAL_WINDOW_SIZE, 1_000_000)), 0);
        assertEquals(1_000_000, sync.looser(SettingId.INITIAL_WINDOW_SIZE));
        sync.onAck();
        sync.onSent(List.of(new Setting(SettingId.INITIAL_WINDOW_SIZE, 10)), 0);
        assertEquals(1_000_000, sync.looser(SettingId.INITIAL_WINDOW_SIZE));
        sync.onAck();
        assertEquals(10, sync.looser(SettingId.INITIAL_WINDOW_SIZE));
    }
}
