package io.h2scope.engine.trace.model;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;

/**
 * We raised an error: a stream error (RST_STREAM follows) or a connection error (GOAWAY follows, then the
 * close), with the RFC section and the stable id of the rule that was broken.
 *
 * @param streamId the stream reset; 0 for a connection error
 * @param spec     the section, e.g. {@code RFC 9113 §6.9.1}
 * @param ruleId   the stable rule id ({@link io.h2scope.engine.error.RuleIds})
 */
public record ErrorRaised(long connectionId, long nanosSinceStart, ErrorScope scope, int streamId, ErrorCode code,
        String spec, String ruleId, String detail) implements TraceEvent {
}
