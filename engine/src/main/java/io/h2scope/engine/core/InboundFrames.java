package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.event.Event.HeadersKind;
import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.FrameValidator;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.StrictFrameHandler;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderListSizeException;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamRule;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.stream.Transition;
import io.h2scope.engine.trace.model.Side;

import java.util.List;
import java.util.Optional;

/**
 * The receive rules of RFC 9113 §6 and the §8.1 message sequencing, one method per frame type.
 * Every frame read is traced once, after it was handled (so the event shows the state it left),
 * and before any RST_STREAM or GOAWAY it provoked. Stream errors become RST_STREAM here;
 * connection errors are thrown out of {@link FrameReader#read} to the connection.
 */
final class InboundFrames implements StrictFrameHandler {

    private final Http2Connection c;
    private final FrameReader reader;
    private final PingsInFlight pings;
    private final GoAwayState goAways;
    private final ConnectionClock clock;
    private final ControlReplies replies;
    private final LiveStreams streams;
    private final ApplicationEvents events;
    private final StreamErrors streamErrors;
    private final RequestRefusal refusal;
    private final SettingsEffects settingsEffects;

    InboundFrames(Http2Connection connection, FrameReader reader, PingsInFlight pings, GoAwayState goAways,
            ConnectionClock clock, ControlReplies replies, LiveStreams streams, ApplicationEvents events,
            StreamErrors streamErrors, RequestRefusal refusal, SettingsEffects settingsEffects) {
        this.c = connection;
        this.streams = streams;
        this.events = events;
        this.streamErrors = streamErrors;
        this.refusal = refusal;
        this.settingsEffects = settingsEffects;
        this.replies = replies;
        this.clock = clock;
        this.reader = reader;
        this.pings = pings;
        this.goAways = goAways;
    }

    @Override
    public void onFrame(Frame frame) {
        if (c.isClosed()) {
            return;
        }
        H2Exception error = null;
        c.tracer.beginInbound(reader, frame);
        try {
            c.onFirstFrame(frame.typeCode(), frame instanceof SettingsFrame s && s.ack());
            c.assembler.checkSequence(frame.typeCode(), frame.streamId());
            dispatch(frame);
        } catch (H2Exception e) {
            error = e;
        } finally {
            c.tracer.endInbound(); // after what the frame changed itself, before the error it raised
        }
        raise(error);
    }

    @Override
    public void onViolation(FrameHeader header, Violation violation) {
        if (c.isClosed()) {
            return;
        }
        c.tracer.violation(header, violation);
        c.onFirstFrame(header.typeCode(), header.hasFlag(Flags.ACK) && header.typeCode() == FrameType.SETTINGS.code());
        c.assembler.checkSequence(header.typeCode(), header.streamId());
        if (header.typeCode() == FrameType.DATA.code() && violation.scope() == ErrorScope.STREAM) {
            try {
                // RFC9113 §6.9: a DATA frame in error still counts against the connection window
                countUndelivered(header.streamId(), header.length());
            } catch (ConnectionError overflow) {
                // RFC9113 §4.2: the frame's size is what is wrong ("MUST send an error code of FRAME_SIZE_ERROR");
                // that it also overflows the connection window makes it a connection error of that code
                throw H2Errors.connection(violation.rule(), violation.detail()
                        + "; its " + header.length() + " octets also exceed the connection window");
            }
        }
        StrictFrameHandler.super.onViolation(header, violation);
    }

    @Override
    public void onStreamError(FrameHeader header, StreamError error) {
        streamErrors.raise(error);
    }

    /** An error a test-only hook provoked (null without one): thrown like the engine's own, so it takes the same path. */
    private static void provoked(H2Exception error) {
        if (error != null) {
            throw error;
        }
    }

    private void raise(H2Exception error) {
        if (error instanceof StreamError streamError) {
            streamErrors.raise(streamError);
        } else if (error instanceof ConnectionError connectionError) {
            throw connectionError;
        }
    }

    private void dispatch(Frame frame) {
        if (frame instanceof DataFrame f) {
            onData(f);
        } else if (frame instanceof HeadersFrame f) {
            HeaderBlockAssembler.Block block = c.assembler.start(f, clock.now());
            if (block != null) {
                onHeaderBlock(block);
            }
        } else if (frame instanceof ContinuationFrame f) {
            HeaderBlockAssembler.Block block = c.assembler.append(f, c.guard, clock.now());
            if (block != null) {
                onHeaderBlock(block);
            }
        } else if (frame instanceof PushPromiseFrame f) {
            onPushPromiseStart(f);
        } else if (frame instanceof PriorityFrame f) {
            onPriority(f);
        } else if (frame instanceof RstStreamFrame f) {
            provoked(c.hooks == null ? null : c.hooks.provokedBy(f));
            onRstStream(f);
        } else if (frame instanceof SettingsFrame f) {
            onSettings(f);
        } else if (frame instanceof PingFrame f) {
            onPing(f);
        } else if (frame instanceof GoAwayFrame f) {
            provoked(c.hooks == null ? null : c.hooks.provokedBy(f));
            c.onGoAway(f);
        } else if (frame instanceof WindowUpdateFrame f) {
            onWindowUpdate(f);
        } else if (frame instanceof UnknownFrame) {
            // RFC9113 §5.5: "Implementations MUST ignore unknown or unsupported values in all extensible protocol elements"
            c.guard.onGlitch(clock.now(), "unknown frame type");
        }
    }

    // ---------------------------------------------------------------- DATA

    private void onData(DataFrame f) {
        int id = f.streamId();
        int flowLength = f.payloadLength();
        c.guard.onData(f.data().length, f.endStream());
        try {
            c.inbound.onDataReceived(id, flowLength);
        } catch (StreamError e) {
            c.inbound.onDiscarded(flowLength, replies); // the connection counted it, the stream did not
            throw e;
        }
        boolean tracked = c.inbound.isTracked(id);
        Transition t = streams.apply(id, StreamInput.RECV_DATA);
        if (t instanceof Transition.Reject r) {
            discardIfUntracked(tracked, flowLength);
            throw r.toException(id);
        }
        StreamRecord rec = streams.record(id);
        if (rec == null) {
            // RFC9113 §5.1 closed: after our RST_STREAM the endpoint "MUST minimally process and then discard"
            discardIfUntracked(tracked, flowLength);
            c.guard.onGlitch(clock.now(), "DATA on a closed stream");
            return;
        }
        if (!rec.finalHeadersReceived) {
            // RFC9113 §8.1: a response is "zero or more HEADERS (1xx) ... one HEADERS (final) ... zero or more DATA"
            throw malformed(id, MessageRule.DATA_BEFORE_HEADERS, "DATA before the final header section");
        }
        int padding = flowLength - f.data().length;
        if (padding > 0) {
            c.inbound.onConsumed(id, padding, replies); // padding is never delivered
        }
        rec.bodyBytesReceived += f.data().length;
        if (c.role == Role.SERVER && rec.bodyBytesReceived > c.limits.maxRequestBodyBytes()) {
            refusal.refuse(id, 413, "request body over " + c.limits.maxRequestBodyBytes() + " octets");
            return;
        }
        rec.bodyCheck.onData(f.data().length);
        if (f.endStream()) {
            rec.bodyCheck.onEndStream();
        }
        Event.DataReceived event = new Event.DataReceived(id, f.data(), f.endStream(), flowLength);
        if (f.endStream()) {
            c.endStreamThenEmit(id, event);
        } else {
            events.emit(event);
        }
    }

    /** DATA that will not be delivered: charged to the windows, then given back to the connection. */
    private void countUndelivered(int streamId, int length) {
        boolean tracked = c.inbound.isTracked(streamId);
        try {
            c.inbound.onDataReceived(streamId, length);
        } catch (StreamError e) {
            c.inbound.onDiscarded(length, replies);
            return;
        }
        // a tracked stream is reset next, and closing it returns its octets to the connection
        discardIfUntracked(tracked, length);
    }

    private void discardIfUntracked(boolean tracked, int length) {
        if (!tracked) {
            // RFC9113 §6.9: counted against the connection window on receipt, returned now since no stream took it
            c.inbound.onDiscarded(length, replies);
        }
    }

    // ---------------------------------------------------------------- HEADERS and PUSH_PROMISE

    private void onHeaderBlock(HeaderBlockAssembler.Block block) {
        if (block.first() instanceof PushPromiseFrame f) {
            onPushPromise(f, block.fragment());
            return;
        }
        HeadersFrame first = (HeadersFrame) block.first();
        int id = first.streamId();
        List<HeaderField> fields;
        boolean tooLarge = false;
        try {
            fields = c.decode(block.fragment());
        } catch (HeaderListSizeException e) {
            fields = List.of();
            tooLarge = true;
        }
        c.tracer.inboundHeaders(fields);
        StreamState before = streams.state(id);
        Transition t = streams.apply(id, StreamInput.RECV_HEADERS);
        if (t instanceof Transition.Reject r) {
            throw r.toException(id);
        }
        StreamRecord rec = streams.record(id);
        if (rec == null) {
            c.guard.onGlitch(clock.now(), "HEADERS on a closed stream"); // decoded for HPACK, then discarded (§5.1)
            return;
        }
        if (before == StreamState.IDLE && goAways.refusesNewPeerStream(id)) {
            // RFC9113 §6.8: after GOAWAY "the sender can discard frames for streams initiated by the receiver with identifiers higher than the identified last stream"
            streams.apply(id, StreamInput.SEND_RST_STREAM);
            replies.write(RstStreamFrame.of(id, ErrorCode.REFUSED_STREAM));
            return;
        }
        // RFC7540 §5.3.1: "A stream cannot depend on itself. An endpoint MUST treat this as a stream error ... PROTOCOL_ERROR"
        throwIfPresent(FrameValidator.checkSelfDependencyRfc7540(id, first.priority()), id);
        if (tooLarge) {
            if (first.endStream()) {
                streams.apply(id, StreamInput.RECV_END_STREAM); // a complete request needs no RST_STREAM after the 431
            }
            refusal.refuse(id, 431, "header list over SETTINGS_MAX_HEADER_LIST_SIZE " + c.limits.maxHeaderListSize());
            return;
        }
        boolean endStream = first.endStream();
        HeadersKind kind = classify(rec, id, fields, endStream);
        if (kind == HeadersKind.REQUEST && c.role == Role.SERVER
                && rec.bodyCheck.declaredLength() > c.limits.maxRequestBodyBytes()) {
            refusal.refuse(id, 413, "content-length " + rec.bodyCheck.declaredLength() + " over "
                    + c.limits.maxRequestBodyBytes());
            return;
        }
        if (endStream) {
            rec.bodyCheck.onEndStream();
        } else if (kind == HeadersKind.REQUEST && c.role == Role.SERVER) {
            rec.bodyStartedAt = clock.now(); // the minimum body rate counts from here (ProgressDeadlines)
            rec.bodyCheckedAt = clock.now();
        }
        Event.HeadersReceived event = new Event.HeadersReceived(id, kind, fields, endStream);
        if (endStream) {
            c.endStreamThenEmit(id, event);
        } else {
            events.emit(event);
        }
    }

    /** Where this header section sits in the message (RFC 9113 §8.1), validated by the message rules. */
    private HeadersKind classify(StreamRecord rec, int id, List<HeaderField> fields, boolean endStream) {
        MessageRules rules = c.config.messageRules();
        if (rec.finalHeadersReceived) {
            if (!endStream) {
                // RFC9113 §8.1: "a HEADERS frame without the END_STREAM flag set after ... the final ... is malformed" (trailers end the stream)
                throw malformed(id, MessageRule.TRAILERS_WITHOUT_END_STREAM, "HEADERS without END_STREAM after the header section");
            }
            rules.trailers(id, fields);
            return HeadersKind.TRAILERS;
        }
        if (c.role == Role.SERVER) {
            rules.request(id, fields);
            provoked(c.hooks == null ? null : c.hooks.provokedByRequest(id, fields));
            rec.finalHeadersReceived = true;
            rec.bodyCheck = rules.body(id, fields, true);
            return HeadersKind.REQUEST;
        }
        rules.response(id, fields);
        if (HeaderSections.isInformational(fields)) {
            if (endStream) {
                // RFC9113 §8.1: "A HEADERS frame with the END_STREAM flag set that carries an informational status code is malformed"
                throw malformed(id, MessageRule.INFORMATIONAL_WITH_END_STREAM, "informational (1xx) response with END_STREAM");
            }
            return HeadersKind.INFORMATIONAL;
        }
        rec.finalHeadersReceived = true;
        String status = HeaderSections.valueOf(fields, ":status");
        boolean bodyExpected = !"HEAD".equals(rec.requestMethod) && !"204".equals(status) && !"304".equals(status);
        rec.bodyCheck = rules.body(id, fields, bodyExpected);
        return HeadersKind.RESPONSE;
    }

    private void onPushPromiseStart(PushPromiseFrame f) {
        if (c.role == Role.SERVER) {
            // RFC9113 §8.4: "servers MUST treat the receipt of a PUSH_PROMISE frame as a connection error ... PROTOCOL_ERROR"
            throw H2Errors.connection(StreamRule.PUSH_BY_CLIENT, "a client sent PUSH_PROMISE");
        }
        if (!c.settings.localAnnounced().enablePush()) {
            // RFC9113 §6.6: "PUSH_PROMISE MUST NOT be sent if the SETTINGS_ENABLE_PUSH setting of the peer endpoint is set to 0"
            throw H2Errors.connection(StreamRule.PUSH_DISABLED,
                    "PUSH_PROMISE although we sent SETTINGS_ENABLE_PUSH=0");
        }
        HeaderBlockAssembler.Block block = c.assembler.start(f, clock.now());
        if (block != null) {
            onHeaderBlock(block);
        }
    }

    private void onPushPromise(PushPromiseFrame f, byte[] fragment) {
        int id = f.streamId();
        int promised = f.promisedStreamId();
        List<HeaderField> fields;
        boolean tooLarge = false;
        try {
            fields = c.decode(fragment);
        } catch (HeaderListSizeException e) {
            fields = List.of();
            tooLarge = true;
        }
        c.tracer.inboundHeaders(fields);
        if (streams.apply(id, StreamInput.RECV_PUSH_PROMISE) instanceof Transition.Reject r) {
            throw r.toException(id);
        }
        if (streams.apply(promised, StreamInput.RECV_PROMISED_ID) instanceof Transition.Reject r) {
            throw r.toException(promised);
        }
        if (streams.record(id) == null || tooLarge) {
            // the associated stream is gone (we reset it) or the request is too large: we do not want the push
            streams.apply(promised, StreamInput.SEND_RST_STREAM);
            replies.write(RstStreamFrame.of(promised, ErrorCode.CANCEL));
            return;
        }
        c.config.messageRules().request(promised, fields);
        String method = HeaderSections.valueOf(fields, ":method");
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            // RFC9113 §8.4.1: a method that "is not safe ... MUST respond on the promised stream with a stream error ... PROTOCOL_ERROR"
            throw malformed(promised, MessageRule.PUSHED_REQUEST_NOT_SAFE, "promised request with method " + method + " is not safe and cacheable");
        }
        events.emit(new Event.PushPromiseReceived(id, promised, fields));
    }

    // ---------------------------------------------------------------- control frames

    private void onPriority(PriorityFrame f) {
        c.guard.onGlitch(clock.now(), "PRIORITY");
        int id = f.streamId();
        // RFC7540 §5.3.1: "A stream cannot depend on itself. An endpoint MUST treat this as a stream error ... PROTOCOL_ERROR"
        throwIfPresent(FrameValidator.checkSelfDependencyRfc7540(id, f.priority()), id);
        if (streams.apply(id, StreamInput.RECV_PRIORITY) instanceof Transition.Reject r) {
            throw r.toException(id);
        }
    }

    private void onRstStream(RstStreamFrame f) {
        c.guard.onRstReceived(clock.now());
        int id = f.streamId();
        StreamState before = streams.state(id);
        if (streams.apply(id, StreamInput.RECV_RST_STREAM) instanceof Transition.Reject r) {
            throw r.toException(id); // RFC9113 §6.4: RST_STREAM on an idle stream
        }
        if (before != StreamState.CLOSED) {
            events.emit(new Event.StreamReset(id, f.errorCode() & 0xffffffffL, true));
        }
    }

    private void onSettings(SettingsFrame f) {
        if (f.ack()) {
            Settings acknowledged = settingsEffects.acknowledgeLocal();
            events.emit(new Event.SettingsAcked(acknowledged));
            return;
        }
        c.guard.onSettings(clock.now(), f.settings().size());
        if (c.hooks != null) {
            c.hooks.checkSettings(f); // test-only: may answer a SETTINGS the RFC allows with an error
        }
        SettingsExchange.Received received = settingsEffects.receiveRemote(f);
        // RFC9113 §6.5.3: "Upon receiving ... the recipient MUST immediately emit a SETTINGS frame with the ACK flag set"
        replies.write(SettingsFrame.ackFrame());
        c.tracer.settingsAcknowledged(Side.REMOTE);
        events.emit(new Event.SettingsReceived(received.after(), received.entries()));
    }

    private void onPing(PingFrame f) {
        if (f.ack()) {
            // RFC9113 §6.7: only an ACK echoing our own opaque data answers our PING
            if (pings.acked(f.opaqueData())) {
                events.emit(new Event.PingAcked(f.opaqueData()));
            }
            return;
        }
        c.guard.onPing(clock.now());
        // RFC9113 §6.7: "Receivers of a PING frame that does not include an ACK flag MUST send a PING frame with the ACK flag set in response, with an identical frame payload"
        replies.write(PingFrame.ackOf(f.opaqueData()));
    }

    private void onWindowUpdate(WindowUpdateFrame f) {
        int id = f.streamId();
        if (id != 0 && streams.apply(id, StreamInput.RECV_WINDOW_UPDATE) instanceof Transition.Reject r) {
            throw r.toException(id);
        }
        // RFC9113 §6.9: "A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window increment of 0 as a stream error"
        throwIfPresent(FrameValidator.checkWindowUpdateIncrement(id, f.increment()), id);
        if (id != 0 && !c.outbound.isTracked(id)) {
            return; // RFC9113 §6.9: WINDOW_UPDATE on a closed stream: "MUST NOT treat this as an error"
        }
        // RFC9113 §6.9.1: a window above 2^31-1 is FLOW_CONTROL_ERROR, on the stream or the connection
        c.outbound.onWindowUpdate(id, f.increment());
        if (creditTooSmallToUse(id)) {
            // RFC9113 §10.5: "Providing tiny increments to flow control in WINDOW_UPDATE frames can cause a sender to generate a large number of DATA frames"
            c.guard.onGlitch(clock.now(), "WINDOW_UPDATE too small for a DATA frame worth sending (SEC-04)");
        }
        c.scheduler.onWindowOpened();
        events.emit(new Event.WindowUpdated(id, id == 0 ? c.outbound.connectionWindow() : c.outbound.streamWindow(id)));
    }

    /** DATA is waiting and this credit still leaves its window below the frame worth sending: it bought nothing. */
    private boolean creditTooSmallToUse(int streamId) {
        if (c.scheduler.queuedStreams() == 0) {
            return false;
        }
        if (streamId == 0) {
            return c.outbound.belowFloor(0, c.output.maxDataFrameSize());
        }
        long queued = c.scheduler.queuedBytes(streamId);
        return queued > 0 && c.outbound.belowFloor(streamId, (int) Math.min(queued, c.output.maxDataFrameSize()));
    }

    /** A violation found on a per-frame path, thrown; an if rather than a capturing lambda, which allocates per frame. */
    private static void throwIfPresent(Optional<Violation> violation, int streamId) {
        if (violation.isPresent()) {
            throw violation.get().toException(streamId);
        }
    }

    private static StreamError malformed(int streamId, MessageRule rule, String detail) {
        return new StreamError(streamId, rule, "malformed message: " + detail);
    }
}
