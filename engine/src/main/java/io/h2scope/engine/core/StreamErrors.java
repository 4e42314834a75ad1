package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamRule;
import io.h2scope.engine.stream.StreamState;

/**
 * Stream errors (RFC 9113 §5.4.2): RST_STREAM with the error's code, its queued DATA dropped, traced and
 * told to the application ({@link Event.StreamErrorRaised}).
 */
final class StreamErrors {

    /** Test-only hooks that may let an error pass unsent, or null. */
    private final ConnectionHooks hooks;
    private final FloodGuard guard;
    private final ConnectionClock clock;
    private final TracePublisher tracer;
    private final DataScheduler scheduler;
    private final LiveStreams streams;
    private final ControlReplies replies;
    private final ApplicationEvents events;

    StreamErrors(ConnectionHooks hooks, FloodGuard guard, ConnectionClock clock, TracePublisher tracer,
            DataScheduler scheduler, LiveStreams streams, ControlReplies replies, ApplicationEvents events) {
        this.hooks = hooks;
        this.guard = guard;
        this.clock = clock;
        this.tracer = tracer;
        this.scheduler = scheduler;
        this.streams = streams;
        this.replies = replies;
        this.events = events;
    }

    /** A stream error the peer caused, counted against the MadeYouReset budget (a peer that provokes resets). */
    void raise(StreamError error) {
        if (hooks != null && hooks.swallows(error)) {
            return; // a test-only hook: this rule goes unchecked (error path only)
        }
        guard.onRstSent(clock.now());
        reset(error);
    }

    /** A stream error of one of our own deadlines: not counted against the MadeYouReset budget. */
    void raiseUncounted(StreamError error) {
        reset(error);
    }

    private void reset(StreamError error) {
        int id = error.streamId();
        tracer.errorRaised(error, id);
        scheduler.remove(id);
        if (error.rule() == StreamRule.CONCURRENT_STREAMS_EXCEEDED) {
            streams.refusedAtOpen();
        }
        // RFC7540 §5.3.1: an idle stream (a PRIORITY on itself) gets RST_STREAM too, and stays idle
        if (streams.state(id) != StreamState.IDLE) {
            streams.apply(id, StreamInput.SEND_RST_STREAM);
        }
        replies.write(RstStreamFrame.of(id, error.code()));
        events.emit(new Event.StreamErrorRaised(error));
    }
}
