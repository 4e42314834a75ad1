package io.h2scope.engine.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.check.FrameRule;
import org.junit.jupiter.api.Test;

class FaultsTest {

    @Test
    void productionDefaultHasNoFaultAndSwallowsNothing() {
        assertSame(Faults.NONE, ConnectionConfig.DEFAULTS.faults());
        assertTrue(Faults.NONE.isEmpty());
        assertFalse(Faults.NONE.swallows(H2Errors.connection(ErrorCode.FLOW_CONTROL_ERROR, SpecRef.rfc9113("6.9.1"), "overflow")));
        assertSame(Limits.DEFAULTS, Faults.NONE.loosen(Limits.DEFAULTS));
    }

    @Test
    void aFaultSwallowsOnlyItsOwnRule_rfc9113_6_9_1() {
        Faults f = Faults.of(Fault.IGNORES_WINDOW_UPDATE_OVERFLOW);
        assertTrue(f.swallows(H2Errors.stream(1, ErrorCode.FLOW_CONTROL_ERROR, SpecRef.rfc9113("6.9.1"), "window overflow")));
        assertFalse(f.swallows(H2Errors.connection(ErrorCode.PROTOCOL_ERROR, SpecRef.rfc9113("6.9"), "zero increment")));
        assertFalse(f.swallows(H2Errors.connection(ErrorCode.FLOW_CONTROL_ERROR, SpecRef.rfc9113("6.5.2"), "too large")));
    }

    @Test
    void aFrameRuleFaultTellsTwoRulesOfOneSectionApartByTheRuleTheErrorCarries_rfc9113_6_1() {
        Faults f = Faults.of(Fault.ACCEPTS_DATA_ON_STREAM_ZERO);
        assertTrue(f.swallows(FrameRule.DATA_ON_STREAM_ZERO.violation("stream identifier 0").toException(0)));
        // the same scope, code and section (CONNECTION PROTOCOL_ERROR §6.1): not this fault's rule
        assertFalse(f.swallows(FrameRule.DATA_PADDING_TOO_LONG.violation("pad length 6").toException(1)));
        assertFalse(f.swallows(H2Errors.connection(ErrorCode.PROTOCOL_ERROR, SpecRef.rfc9113("6.1"),
                "DATA frames MUST be associated with a stream"))); // the words, but no rule
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
                H2Errors.connection(ErrorCode.ENHANCE_YOUR_CALM, SpecRef.rfc9113("10.5"), "RST_STREAM flood")));
    }

    @Test
    void faultsTravelOnlyThroughTheTestOnlyWither() {
        ConnectionConfig faulty = ConnectionConfig.DEFAULTS.withFaultsForTesting(Faults.of(Fault.ACCEPTS_ENABLE_PUSH_2));
        assertEquals(java.util.Set.of(Fault.ACCEPTS_ENABLE_PUSH_2), faulty.withLimits(Limits.DEFAULTS).faults().faults());
    }
}
