package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.flow.InboundFlow;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The time limits on a peer that holds a resource without making progress, checked on each
 * {@link Http2Connection#tick} with the time passed in (RFC 9113 §10.5, SEC-12, SEC-14):
 * <ul>
 *   <li>{@link Limits#sendStallTimeoutNanos()}: DATA queued on a stream whose send window stays closed
 *       (or below the frame worth sending, {@code OutboundFlow.sendFloor}) is dropped and the stream reset
 *       with CANCEL: the stream is no longer needed (§7) and, its request having reached the application,
 *       REFUSED_STREAM would be false (§8.7); no rule was broken, so no FLOW_CONTROL_ERROR (a peer may keep
 *       a window closed, §5.2.1). Data queued on a closed connection window that long ends the connection
 *       with GOAWAY ENHANCE_YOUR_CALM (§10.5: withheld credit is a listed abuse).</li>
 *   <li>{@link Limits#headerBlockTimeoutNanos()}: a field block whose CONTINUATION never comes. The block
 *       cannot be dropped (HPACK state, §4.3) and nothing else may arrive meanwhile (§6.10): GOAWAY
 *       ENHANCE_YOUR_CALM.</li>
 *   <li>{@link Limits#minRequestBodyRate()} (servers): a request body must be in by grace + received / rate.
 *       Ticks while our own receive window (stream or connection) is below one frame do not count: then the
 *       peer waits for us, typically for an application that does not read. Over it: 408 and RST_STREAM
 *       NO_ERROR, or RST_STREAM CANCEL when a response already began.</li>
 * </ul>
 */
final class ProgressDeadlines {

    private final Role role;
    private final Limits limits;
    /** Our SETTINGS_INITIAL_WINDOW_SIZE: with our frame size, the DATA frame the peer waits to send. */
    private final int initialWindowSize;
    private final HeaderBlockAssembler assembler;
    private final DataScheduler scheduler;
    private final LiveStreams streams;
    private final InboundFlow inbound;
    private final StreamErrors streamErrors;
    private final RequestRefusal refusal;
    private long now;
    private int[] slowBodies = new int[8];
    private int slowBodyCount;
    /** Made once: runs on every tick over every live stream. */
    private final Consumer<StreamRecord> checkBody = this::checkBody;

    ProgressDeadlines(Role role, Limits limits, int initialWindowSize, HeaderBlockAssembler assembler,
            DataScheduler scheduler, LiveStreams streams, InboundFlow inbound, StreamErrors streamErrors,
            RequestRefusal refusal) {
        this.role = role;
        this.limits = limits;
        this.initialWindowSize = initialWindowSize;
        this.assembler = assembler;
        this.scheduler = scheduler;
        this.streams = streams;
        this.inbound = inbound;
        this.streamErrors = streamErrors;
        this.refusal = refusal;
    }

    /** @throws io.h2scope.engine.error.ConnectionError when a connection-wide deadline passed */
    void check(long nowNanos) {
        now = nowNanos;
        long blockTimeout = limits.headerBlockTimeoutNanos();
        if (blockTimeout > 0 && assembler.openFor(nowNanos) >= blockTimeout) {
            throw H2Errors.connection(LimitRule.FIELD_BLOCK_TIMEOUT, "field block of stream " + assembler.openStreamId() + " without END_HEADERS for "
                    + millis(assembler.openFor(nowNanos)) + " ms (headerBlockTimeout " + millis(blockTimeout) + " ms)");
        }
        long stall = limits.sendStallTimeoutNanos();
        if (stall > 0) {
            checkSendStalls(nowNanos, stall);
        }
        if (limits.minRequestBodyRate() > 0 && role == Role.SERVER && !streams.isEmpty()) {
            checkBodies();
        }
    }

    private void checkSendStalls(long nowNanos, long timeout) {
        long connectionStall = scheduler.connectionStalledFor(nowNanos);
        if (connectionStall >= timeout) {
            throw H2Errors.connection(LimitRule.CONNECTION_SEND_STALL, "connection send window closed for " + millis(connectionStall) + " ms with DATA queued on "
                    + scheduler.queuedStreams() + " stream(s) (sendStallTimeout " + millis(timeout) + " ms)");
        }
        int n = scheduler.collectStalled(nowNanos, timeout);
        for (int i = 0; i < n; i++) {
            int id = scheduler.stalled(i);
            long queued = scheduler.queuedBytes(id);
            streamErrors.raiseUncounted(new StreamError(id, LimitRule.STREAM_SEND_STALL,
                    "no send credit for " + millis(timeout) + " ms or more with " + queued
                            + " octets queued (sendStallTimeout): stream reset, queued DATA dropped"));
        }
    }

    private void checkBodies() {
        slowBodyCount = 0;
        streams.forEachRecord(checkBody);
        for (int i = 0; i < slowBodyCount; i++) {
            int id = slowBodies[i];
            StreamRecord rec = streams.record(id);
            if (rec != null) {
                refusal.refuse(id, 408, "request body of " + rec.bodyBytesReceived
                        + " octets in " + millis(now - rec.bodyStartedAt - rec.bodyPausedNanos)
                        + " ms, slower than minRequestBodyRate " + limits.minRequestBodyRate() + " octets/s");
            }
        }
    }

    private void checkBody(StreamRecord rec) {
        if (rec.bodyStartedAt < 0) {
            return;
        }
        StreamState state = streams.state(rec.id);
        if (state != StreamState.OPEN && state != StreamState.HALF_CLOSED_LOCAL) {
            rec.bodyStartedAt = -1; // the body is complete (or the stream is going): no more checks
            return;
        }
        if (receiveWindowClosed(rec.id)) {
            rec.bodyPausedNanos += now - rec.bodyCheckedAt;
        }
        rec.bodyCheckedAt = now;
        long rate = limits.minRequestBodyRate();
        long bytes = rec.bodyBytesReceived;
        long allowed = limits.requestBodyGraceNanos() + bytes / rate * 1_000_000_000L
                + bytes % rate * 1_000_000_000L / rate;
        if (now - rec.bodyStartedAt - rec.bodyPausedNanos > allowed) {
            if (slowBodyCount == slowBodies.length) {
                slowBodies = Arrays.copyOf(slowBodies, slowBodyCount * 2);
            }
            slowBodies[slowBodyCount++] = rec.id;
        }
    }

    /** Whether the peer cannot send a frame's worth on {@code streamId} because of our windows. */
    private boolean receiveWindowClosed(int streamId) {
        int frame = Math.max(1, Math.min(limits.maxFrameSize(), initialWindowSize));
        return Math.min(inbound.streamWindow(streamId), inbound.connectionWindow()) < frame;
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
