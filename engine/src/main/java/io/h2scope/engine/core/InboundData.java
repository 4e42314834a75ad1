package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.flow.FlowRule;
import io.h2scope.engine.flow.InboundFlow;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.Transition;

/**
 * The receive rules of DATA (RFC 9113 §6.1): its place after the final header section (§8.1), the
 * body length checks (§8.1.1) and our request body limit, and the flow-control credit of DATA that is
 * discarded rather than delivered (§6.9). Apart from the field blocks because it needs flow control and
 * no HPACK. Stream errors are thrown to {@link InboundFrames}.
 */
final class InboundData {

    private final Role role;
    private final Limits limits;
    private final ConnectionClock clock;
    private final FloodGuard guard;
    private final InboundFlow inbound;
    /** The sink of the credit DATA we discard gives back. */
    private final ControlReplies replies;
    private final LiveStreams streams;
    private final RequestRefusal refusal;
    private final ApplicationEvents events;
    private final ConnectionLifecycle lifecycle;

    InboundData(Role role, Limits limits, ConnectionClock clock, FloodGuard guard, InboundFlow inbound,
            ControlReplies replies, LiveStreams streams, RequestRefusal refusal, ApplicationEvents events,
            ConnectionLifecycle lifecycle) {
        this.role = role;
        this.limits = limits;
        this.clock = clock;
        this.guard = guard;
        this.inbound = inbound;
        this.replies = replies;
        this.streams = streams;
        this.refusal = refusal;
        this.events = events;
        this.lifecycle = lifecycle;
    }

    void onData(DataFrame f) {
        int id = f.streamId();
        int flowLength = f.payloadLength();
        guard.onData(f.data().length, f.endStream());
        try {
            inbound.onDataReceived(id, flowLength);
        } catch (StreamError e) {
            inbound.onDiscarded(flowLength, replies); // the connection counted it, the stream did not
            throw e;
        }
        boolean tracked = inbound.isTracked(id);
        Transition t = streams.apply(id, StreamInput.RECV_DATA);
        if (t instanceof Transition.Reject r) {
            discardIfUntracked(tracked, flowLength);
            throw r.toException(id);
        }
        StreamRecord rec = streams.record(id);
        if (rec == null) {
            // RFC9113 §5.1 closed: after our RST_STREAM the endpoint "MUST minimally process and then discard"
            discardIfUntracked(tracked, flowLength);
            if (!streams.takeLateData(flowLength)) {
                throw H2Errors.connection(FlowRule.DATA_AFTER_RESET_BEYOND_WINDOW, "DATA of " + flowLength
                        + " octets on stream " + id + ", which we reset, beyond the windows the streams we reset had"
                        + " left: the peer keeps sending what we refused");
            }
            return;
        }
        if (!rec.finalHeadersReceived) {
            // RFC9113 §8.1: a response is "zero or more HEADERS (1xx) ... one HEADERS (final) ... zero or more DATA"
            throw MalformedMessage.error(id, MessageRule.DATA_BEFORE_HEADERS, "DATA before the final header section");
        }
        int padding = flowLength - f.data().length;
        if (padding > 0) {
            inbound.onConsumed(id, padding, replies); // padding is never delivered
        }
        rec.bodyBytesReceived += f.data().length;
        if (role == Role.SERVER && rec.bodyBytesReceived > limits.maxRequestBodyBytes()) {
            refusal.refuse(id, 413, "request body over " + limits.maxRequestBodyBytes() + " octets");
            return;
        }
        rec.bodyCheck.onData(f.data().length);
        if (f.endStream()) {
            rec.bodyCheck.onEndStream();
        }
        Event.DataReceived event = new Event.DataReceived(id, f.data(), f.endStream(), flowLength);
        if (f.endStream()) {
            lifecycle.endStreamThenEmit(id, event);
        } else {
            events.emit(event);
        }
    }

    /** DATA that will not be delivered: charged to the windows, then given back to the connection. */
    void countUndelivered(int streamId, int length) {
        boolean tracked = inbound.isTracked(streamId);
        try {
            inbound.onDataReceived(streamId, length);
        } catch (StreamError e) {
            inbound.onDiscarded(length, replies);
            return;
        }
        // a tracked stream is reset next, and closing it returns its octets to the connection
        discardIfUntracked(tracked, length);
    }

    private void discardIfUntracked(boolean tracked, int length) {
        if (!tracked) {
            // RFC9113 §6.9: counted against the connection window on receipt, returned now since no stream took it
            inbound.onDiscarded(length, replies);
        }
    }
}
