package io.h2scope.engine.testing.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.flow.FlowRule;
import io.h2scope.engine.frame.check.FrameRule;
import org.junit.jupiter.api.Test;

class FaultsTest {

    @Test
    void productionDefaultHasNoHooksAndNoFaultSwallowsAnything() {
        assertNull(ConnectionConfig.DEFAULTS.hooksForTesting());
        assertTrue(Faults.NONE.isEmpty());
        assertFalse(Faults.NONE.swallows(H2Errors.connection(FlowRule.CONNECTION_WINDOW_OVERFLOW, "overflow")));
        assertSame(Limits.DEFAULTS, Faults.NONE.loosen(Limits.DEFAULTS));
    }

    @Test
    void aFaultSwallowsOnlyTheRulesItNames_rfc9113_6_9_1() {
        Faults f = Faults.of(Fault.IGNORES_WINDOW_UPDATE_OVERFLOW);
        assertTrue(f.swallows(H2Errors.stream(1, FlowRule.STREAM_WINDOW_OVERFLOW, "window overflow")));
        assertTrue(f.swallows(H2Errors.stream(0, FlowRule.CONNECTION_WINDOW_OVERFLOW, "window overflow")));
        // the same section and code (§6.9.1 FLOW_CONTROL_ERROR), another rule: DATA beyond the window
        assertFalse(f.swallows(H2Errors.stream(1, FlowRule.DATA_EXCEEDS_STREAM_WINDOW, "window overflow")));
    }

    @Test
    void aFaultTellsTwoRulesOfOneSectionApartByTheRuleTheErrorCarries_rfc9113_6_1() {
        Faults f = Faults.of(Fault.ACCEPTS_DATA_ON_STREAM_ZERO);
        assertTrue(f.swallows(FrameRule.DATA_ON_STREAM_ZERO.violation("stream identifier 0").toException(0)));
        // the same scope, code and section (CONNECTION PROTOCOL_ERROR §6.1): not this fault's rule
        assertFalse(f.swallows(FrameRule.DATA_PADDING_TOO_LONG.violation("pad length 6").toException(1)));
    }

    @Test
    void everySwallowingFaultNamesRulesAndNoOtherFaultDoes() {
        for (Fault fault : Fault.values()) {
            assertEquals(fault.kind() == Fault.Kind.SWALLOWS_ERROR, !fault.swallowed().isEmpty(), fault.name());
        }
    }

    @Test
    void misbehavioursSwallowNoErrorAndLiftNoLimit() {
        for (Fault fault : Fault.values()) {
            if (fault.kind() == Fault.Kind.MISBEHAVES) {
                assertFalse(fault.swallows(FrameRule.PING_ON_STREAM.violation("stream 3").toException(3)), fault.name());
                assertSame(Limits.DEFAULTS, fault.loosen(Limits.DEFAULTS), fault.name());
            }
        }
    }

    @Test
    void limitFaultsLiftTheirLimitAndSwallowNoError_rfc9113_10_5() {
        Limits rapid = Faults.of(Fault.NO_RAPID_RESET_LIMIT).loosen(Limits.DEFAULTS);
        assertEquals(Integer.MAX_VALUE, rapid.rstReceivedBurst());
        Limits continuation = Faults.of(Fault.NO_CONTINUATION_LIMIT).loosen(Limits.DEFAULTS);
        assertEquals(Integer.MAX_VALUE, continuation.maxContinuationFrames());
        assertEquals(Limits.DEFAULTS.maxHeaderListSize(), continuation.maxHeaderListSize());
        assertFalse(Faults.of(Fault.NO_RAPID_RESET_LIMIT).swallows(
                H2Errors.connection(LimitRule.RST_STREAM_RECEIVED_RATE, "RST_STREAM flood")));
    }

    @Test
    void hooksTravelOnlyThroughTheTestOnlyWither_andEachConnectionGetsItsOwn() {
        Faults faults = Faults.of(Fault.ACCEPTS_ENABLE_PUSH_2);
        ConnectionConfig faulty = ConnectionConfig.DEFAULTS.withHooksForTesting(faults);
        assertSame(faults, faulty.withLimits(Limits.DEFAULTS).hooksForTesting());
        assertNotSame(faults.get(), faults.get());
    }
}
