package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ClientConfigTest {

    @Test
    void theCallerSpinDefaultsTo50MicrosecondsAndZeroTurnsItOff() {
        assertEquals(Duration.ofNanos(50_000), H2Client.newBuilder().config().callerSpin());
        assertEquals(Duration.ZERO, H2Client.newBuilder().callerSpin(Duration.ZERO).config().callerSpin());
        assertEquals(ClientConfig.MAX_CALLER_SPIN,
                H2Client.newBuilder().callerSpin(ClientConfig.MAX_CALLER_SPIN).config().callerSpin());
    }

    @Test
    void aNegativeOrTooLongCallerSpinIsRefusedWithItsLimit() {
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> H2Client.newBuilder().callerSpin(Duration.ofNanos(-1)).config());
        assertTrue(negative.getMessage().startsWith("callerSpin must be >= 0"), negative.getMessage());
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                () -> H2Client.newBuilder().callerSpin(Duration.ofMillis(2)).config());
        assertEquals("callerSpin must be at most 1000 µs (0 = off), was 2000 µs", tooLong.getMessage());
    }
}
