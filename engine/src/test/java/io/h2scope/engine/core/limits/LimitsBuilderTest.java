package io.h2scope.engine.core.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link Limits.Builder} against the one list of limits, {@link Limit}: names, defaults, ranges. */
class LimitsBuilderTest {

    @Test
    void theDefaultsAreTheListedOnes() {
        for (Limit limit : Limit.values()) {
            assertEquals(limit.defaultValue(), limit.valueIn(Limits.DEFAULTS), limit.limitName());
        }
        // the documented figures (docs/SERVER.md), spot-checked so that a changed default is seen
        assertEquals(100, Limits.DEFAULTS.maxConcurrentStreams());
        assertEquals(16_384, Limits.DEFAULTS.maxFrameSize());
        assertEquals(2 * Limits.DEFAULTS.maxHeaderListSize(), Limits.DEFAULTS.maxHeaderBlockBytes());
        assertEquals(Duration.ofSeconds(60).toNanos(), Limits.DEFAULTS.sendStallTimeoutNanos());
    }

    /** Each setter reaches its own component and no other: the builder's positional constructor call is right. */
    @ParameterizedTest
    @EnumSource(Limit.class)
    void settingOneLimitChangesThatOneOnly(Limit changed) {
        long value = changed.defaultValue() + 1;
        Limits limits = Limits.builder().set(changed, value).build();
        for (Limit limit : Limit.values()) {
            long expected = limit == changed ? value
                    : limit == Limit.MAX_HEADER_BLOCK_BYTES && changed == Limit.MAX_HEADER_LIST_SIZE ? 2 * value
                    : limit.defaultValue();
            assertEquals(expected, limit.valueIn(limits), limit.limitName() + " after setting " + changed.limitName());
        }
    }

    @ParameterizedTest
    @EnumSource(Limit.class)
    void aValueBelowTheRangeIsRefusedNamingTheLimitAndTheRange(Limit limit) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Limits.builder().set(limit, limit.min() - 1));
        assertEquals(limit.limitName() + " must be " + limit.allowed() + ", got " + (limit.min() - 1), e.getMessage());
        assertEquals(limit.min(), limit.valueIn(Limits.builder().set(limit, limit.min()).build()));
    }

    @Test
    void theFrameSizeRangeIsTheRfcs() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Limits.builder().maxFrameSize(16_777_216));
        assertEquals("maxFrameSize must be 16384..16777215 (RFC 9113 §4.2), got 16777216", e.getMessage());
        assertEquals(16_777_215, Limits.builder().maxFrameSize(16_777_215).build().maxFrameSize());
    }

    @Test
    void theRecordChecksItselfAgainstTheList() {
        Limits d = Limits.DEFAULTS;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Limits(0,
                d.maxHeaderListSize(), d.maxFrameSize(), d.maxRequestBodyBytes(), d.rstReceivedBurst(),
                d.rstReceivedPerSecond(), d.rstSentBurst(), d.rstSentWindowNanos(), d.glitchBurst(), d.glitchPerSecond(),
                d.maxConsecutiveEmptyData(), d.settingsBurst(), d.settingsPerSecond(), d.maxSettingsEntries(),
                d.pingBurst(), d.pingPerSecond(), d.maxQueuedControlFrames(), d.maxContinuationFrames(),
                d.maxHeaderBlockBytes(), d.maxOutputBufferBytes(), d.settingsAckTimeoutNanos(),
                d.sendStallTimeoutNanos(), d.headerBlockTimeoutNanos(), d.minRequestBodyRate(),
                d.requestBodyGraceNanos()));
        assertEquals("maxConcurrentStreams must be >= 1, got 0", e.getMessage());
    }

    @Test
    void theHeaderBlockCapFollowsTheListSizeUntilItIsSetItself() {
        assertEquals(2_000, Limits.builder().maxHeaderListSize(1_000).build().maxHeaderBlockBytes());
        assertEquals(5_000, Limits.builder().maxHeaderBlockBytes(5_000).maxHeaderListSize(1_000).build()
                .maxHeaderBlockBytes());
    }

    @Test
    void toBuilderKeepsEveryValue() {
        Limits.Builder b = Limits.builder();
        for (Limit limit : Limit.values()) {
            b.set(limit, limit.min() + 3);
        }
        Limits odd = b.build();
        assertEquals(odd, odd.toBuilder().build());
        assertNotEquals(Limits.DEFAULTS, odd);
        assertEquals(odd.maxHeaderListSize() + 1, odd.toBuilder().maxHeaderListSize(odd.maxHeaderListSize() + 1)
                .build().maxHeaderListSize());
        assertEquals(odd.maxHeaderBlockBytes(), odd.toBuilder().maxHeaderListSize(999).build().maxHeaderBlockBytes(),
                "a block cap taken over from existing limits stays as it was");
    }

    @Test
    void theDurationSettersTakeDurations() {
        Limits l = Limits.builder().rstSent(7, Duration.ofSeconds(3)).settingsAckTimeout(Duration.ofMillis(1500))
                .minRequestBodyRate(0, Duration.ZERO).build();
        assertEquals(7, l.rstSentBurst());
        assertEquals(3_000_000_000L, l.rstSentWindowNanos());
        assertEquals(1_500_000_000L, l.settingsAckTimeoutNanos());
        assertEquals(0, l.minRequestBodyRate());
    }

    @Test
    void keysAreTheNamesInKebabCaseWithoutTheUnit() {
        assertEquals("max-concurrent-streams", Limit.MAX_CONCURRENT_STREAMS.key());
        assertEquals("send-stall-timeout", Limit.SEND_STALL_TIMEOUT.key());
        assertEquals("request-body-grace", Limit.REQUEST_BODY_GRACE.key());
        Set<String> keys = new HashSet<>();
        Arrays.stream(Limit.values()).forEach(l -> assertEquals(true, keys.add(l.key()), l.key()));
        assertEquals(List.of(Limits.class.getRecordComponents()).stream().map(c -> c.getName()).toList(),
                Arrays.stream(Limit.values()).map(Limit::limitName).toList(), "one Limit per component, in order");
    }

    @Test
    void zeroSwitchesOffTheTimeoutsAndTheBodyRateOnly() {
        Set<Limit> off = new HashSet<>();
        for (Limit l : Limit.values()) {
            if (l.zeroIsOff()) {
                off.add(l);
            }
        }
        assertEquals(Set.of(Limit.SEND_STALL_TIMEOUT, Limit.HEADER_BLOCK_TIMEOUT, Limit.MIN_REQUEST_BODY_RATE), off);
    }
}
