package io.h2scope.engine.proxy;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link ProxyLimits}: the builder keeps what it is given, and a value out of range names its limit and flag. */
class ProxyLimitsTest {

    @Test
    void toBuilderKeepsEveryLimit() {
        ProxyLimits changed = ProxyLimits.builder().connectTimeout(Duration.ofMillis(1500))
                .handshakeTimeout(Duration.ofSeconds(3)).maxConnections(7).relayBufferBytes(65_536)
                .maxConnectHeadBytes(512).observerBacklogBytes(40_000).loopThreads(3).build();
        assertEquals(changed, changed.toBuilder().build());
        assertEquals(new ProxyLimits(Duration.ofMillis(1500), Duration.ofSeconds(3), 7, 65_536, 512, 40_000, 3), changed);
    }

    @Test
    void theDefaultsAreTheDocumentedOnes() {
        ProxyLimits d = ProxyLimits.DEFAULTS;
        assertEquals(Duration.ofSeconds(10), d.connectTimeout());
        assertEquals(Duration.ofSeconds(10), d.handshakeTimeout());
        assertEquals(1_000, d.maxConnections());
        assertEquals(1 << 20, d.relayBufferBytes());
        assertEquals(8 * 1024, d.maxConnectHeadBytes());
        assertEquals(2 << 20, d.observerBacklogBytes());
        assertEquals(Runtime.getRuntime().availableProcessors(), d.loopThreads());
    }

    @Test
    void aValueOutOfRangeNamesItsLimitAndFlag() {
        assertRefused(b -> b.loopThreads(0), "loopThreads (--loops) must be at least 1, got 0");
        assertRefused(b -> b.loopThreads(257), "loopThreads (--loops) must be at most 256, got 257");
        assertRefused(b -> b.relayBufferBytes(1000), "relayBufferBytes (--relay-buffer) must be at least 32768, got 1000");
        assertRefused(b -> b.maxConnections(0), "maxConnections (--max-connections) must be at least 1, got 0");
        assertRefused(b -> b.connectTimeout(Duration.ZERO), "connectTimeout (--connect-timeout, ms) must be at least 1, got 0");
    }

    private static void assertRefused(UnaryOperator<ProxyLimits.Builder> change, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> change.apply(ProxyLimits.builder()).build());
        assertEquals(message, e.getMessage());
    }
}
