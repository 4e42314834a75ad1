package io.h2scope.engine.trace.model;

import io.h2scope.engine.error.RuleIds;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;

/**
 * A received frame broke a frame rule (RFC 9113 §4, §6); it is not delivered as a {@link FrameEvent}. The header
 * is as received.
 */
public record ViolationReceived(long connectionId, long nanosSinceStart, FrameHeader header, Violation violation)
        implements TraceEvent {

    /** The rule's stable id ({@link RuleIds}). */
    public String ruleId() {
        return RuleIds.of(violation.rule(), violation.spec(), violation.code());
    }

    /** The stream id of the frame's header. */
    @Override
    public int streamId() {
        return header.streamId();
    }
}
