package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.FrameValidator;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.settings.SettingsReceiver;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.stream.Transition;
import io.h2scope.engine.trace.model.Side;

/**
 * The receive rules for PRIORITY, RST_STREAM, SETTINGS, PING and WINDOW_UPDATE (RFC 9113 §6.3-§6.5,
 * §6.7, §6.9). Stream errors are thrown to {@link InboundFrames}.
 */
final class InboundControl {

    private final FloodGuard guard;
    private final ConnectionClock clock;
    /** Test-only hooks that may answer a SETTINGS with an error, or null. */
    private final ConnectionHooks hooks;
    private final LiveStreams streams;
    private final ApplicationEvents events;
    private final SettingsEffects settingsEffects;
    private final TracePublisher tracer;
    private final ControlReplies replies;
    private final PingsInFlight pings;
    private final OutboundFlow outbound;
    private final DataScheduler scheduler;
    /** The size of the DATA frames we write, against which a WINDOW_UPDATE's worth is judged. */
    private final Output output;

    InboundControl(FloodGuard guard, ConnectionClock clock, ConnectionHooks hooks, LiveStreams streams,
            ApplicationEvents events, SettingsEffects settingsEffects, TracePublisher tracer, ControlReplies replies,
            PingsInFlight pings, OutboundFlow outbound, DataScheduler scheduler, Output output) {
        this.guard = guard;
        this.clock = clock;
        this.hooks = hooks;
        this.streams = streams;
        this.events = events;
        this.settingsEffects = settingsEffects;
        this.tracer = tracer;
        this.replies = replies;
        this.pings = pings;
        this.outbound = outbound;
        this.scheduler = scheduler;
        this.output = output;
    }

    void onPriority(PriorityFrame f) {
        guard.onGlitch(clock.now(), "PRIORITY");
        int id = f.streamId();
        // RFC7540 §5.3.1: "A stream cannot depend on itself. An endpoint MUST treat this as a stream error ... PROTOCOL_ERROR"
        InboundFrames.throwIfPresent(FrameValidator.checkSelfDependencyRfc7540(id, f.priority()), id);
        if (streams.apply(id, StreamInput.RECV_PRIORITY) instanceof Transition.Reject r) {
            throw r.toException(id);
        }
    }

    void onRstStream(RstStreamFrame f) {
        guard.onRstReceived(clock.now());
        int id = f.streamId();
        StreamState before = streams.state(id);
        if (streams.apply(id, StreamInput.RECV_RST_STREAM) instanceof Transition.Reject r) {
            throw r.toException(id); // RFC9113 §6.4: RST_STREAM on an idle stream
        }
        if (before != StreamState.CLOSED) {
            events.emit(new Event.StreamReset(id, f.errorCode() & 0xffffffffL, true));
        }
    }

    void onSettings(SettingsFrame f) {
        if (f.ack()) {
            Settings acknowledged = settingsEffects.acknowledgeLocal();
            events.emit(new Event.SettingsAcked(acknowledged));
            return;
        }
        guard.onSettings(clock.now(), f.settings().size());
        if (hooks != null) {
            hooks.checkSettings(f); // test-only: may answer a SETTINGS the RFC allows with an error
        }
        SettingsReceiver.Received received = settingsEffects.receiveRemote(f);
        // RFC9113 §6.5.3: "Upon receiving ... the recipient MUST immediately emit a SETTINGS frame with the ACK flag set"
        replies.write(SettingsFrame.ackFrame());
        tracer.settingsAcknowledged(Side.REMOTE);
        events.emit(new Event.SettingsReceived(received.after(), received.entries()));
    }

    void onPing(PingFrame f) {
        if (f.ack()) {
            // RFC9113 §6.7: only an ACK echoing our own opaque data answers our PING
            if (pings.acked(f.opaqueData())) {
                events.emit(new Event.PingAcked(f.opaqueData()));
            }
            return;
        }
        guard.onPing(clock.now());
        // RFC9113 §6.7: "Receivers of a PING frame that does not include an ACK flag MUST send a PING frame with the ACK flag set in response, with an identical frame payload"
        replies.write(PingFrame.ackOf(f.opaqueData()));
    }

    void onWindowUpdate(WindowUpdateFrame f) {
        int id = f.streamId();
        if (id != 0 && streams.apply(id, StreamInput.RECV_WINDOW_UPDATE) instanceof Transition.Reject r) {
            throw r.toException(id);
        }
        // RFC9113 §6.9: "A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window increment of 0 as a stream error"
        InboundFrames.throwIfPresent(FrameValidator.checkWindowUpdateIncrement(id, f.increment()), id);
        if (id != 0 && !outbound.isTracked(id)) {
            return; // RFC9113 §6.9: WINDOW_UPDATE on a closed stream: "MUST NOT treat this as an error"
        }
        // RFC9113 §6.9.1: a window above 2^31-1 is FLOW_CONTROL_ERROR, on the stream or the connection
        outbound.onWindowUpdate(id, f.increment());
        if (creditTooSmallToUse(id)) {
            // RFC9113 §10.5: "Providing tiny increments to flow control in WINDOW_UPDATE frames can cause a sender to generate a large number of DATA frames"
            guard.onGlitch(clock.now(), "WINDOW_UPDATE too small for a DATA frame worth sending (SEC-04)");
        }
        scheduler.onWindowOpened();
        events.emit(new Event.WindowUpdated(id, id == 0 ? outbound.connectionWindow() : outbound.streamWindow(id)));
    }

    /** DATA is waiting and this credit still leaves its window below the frame worth sending: it bought nothing. */
    private boolean creditTooSmallToUse(int streamId) {
        if (scheduler.queuedStreams() == 0) {
            return false;
        }
        if (streamId == 0) {
            return outbound.belowFloor(0, output.maxDataFrameSize());
        }
        long queued = scheduler.queuedBytes(streamId);
        return queued > 0 && outbound.belowFloor(streamId, (int) Math.min(queued, output.maxDataFrameSize()));
    }
}
