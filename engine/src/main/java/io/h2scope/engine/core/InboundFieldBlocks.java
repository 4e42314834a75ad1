package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.event.Event.HeadersKind;
import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.check.FrameValidator;
import io.h2scope.engine.frame.codec.FieldBlockJoiner;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderListSizeException;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamRule;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.stream.Transition;

import java.util.List;

/**
 * The receive rules for the field blocks of HEADERS and PUSH_PROMISE (RFC 9113 §6.2, §6.6) once
 * {@link HeaderBlockAssembler} has joined them: HPACK decoding (§4.3), where each header section sits
 * in the message (§8.1), push acceptance (§8.4), and the refusal of requests over our limits or
 * after our GOAWAY (§6.8). Apart from DATA because it needs HPACK and the message rules, and no flow
 * control. Stream errors are thrown to {@link InboundFrames}.
 */
final class InboundFieldBlocks {

    private final Role role;
    private final Limits limits;
    private final MessageRules messageRules;
    /** Test-only hooks that provoke errors on some requests, or null. */
    private final ConnectionHooks hooks;
    /** Our SETTINGS_ENABLE_PUSH, which a PUSH_PROMISE must respect. */
    private final SettingsExchange settings;
    private final HeaderBlockAssembler assembler;
    private final HpackDecoder decoder;
    private final TracePublisher tracer;
    private final ConnectionClock clock;
    private final FloodGuard guard;
    /** RST_STREAM for refused streams and for pushes we do not want. */
    private final ControlReplies replies;
    private final LiveStreams streams;
    private final GoAwayState goAways;
    private final RequestRefusal refusal;
    private final ApplicationEvents events;
    private final ConnectionLifecycle lifecycle;

    InboundFieldBlocks(Role role, Limits limits, MessageRules messageRules, ConnectionHooks hooks,
            SettingsExchange settings, HeaderBlockAssembler assembler, HpackDecoder decoder, TracePublisher tracer,
            ConnectionClock clock, FloodGuard guard, ControlReplies replies, LiveStreams streams,
            GoAwayState goAways, RequestRefusal refusal, ApplicationEvents events, ConnectionLifecycle lifecycle) {
        this.role = role;
        this.limits = limits;
        this.messageRules = messageRules;
        this.hooks = hooks;
        this.settings = settings;
        this.assembler = assembler;
        this.decoder = decoder;
        this.tracer = tracer;
        this.clock = clock;
        this.guard = guard;
        this.replies = replies;
        this.streams = streams;
        this.goAways = goAways;
        this.refusal = refusal;
        this.events = events;
        this.lifecycle = lifecycle;
    }

    void onHeaderBlock(FieldBlockJoiner.Block block) {
        if (block.first() instanceof PushPromiseFrame f) {
            onPushPromise(f, block.fragment());
            return;
        }
        HeadersFrame first = (HeadersFrame) block.first();
        int id = first.streamId();
        List<HeaderField> fields;
        boolean tooLarge = false;
        try {
            fields = decode(block.fragment());
        } catch (HeaderListSizeException e) {
            fields = List.of();
            tooLarge = true;
        }
        tracer.inboundHeaders(fields);
        StreamState before = streams.state(id);
        Transition t = streams.apply(id, StreamInput.RECV_HEADERS);
        if (t instanceof Transition.Reject r) {
            throw r.toException(id);
        }
        StreamRecord rec = streams.record(id);
        if (rec == null) {
            guard.onGlitch(clock.now(), "HEADERS on a closed stream"); // decoded for HPACK, then discarded (§5.1)
            return;
        }
        if (before == StreamState.IDLE && goAways.refusesNewPeerStream(id)) {
            // RFC9113 §6.8: after GOAWAY "the sender can discard frames for streams initiated by the receiver with identifiers higher than the identified last stream"
            streams.apply(id, StreamInput.SEND_RST_STREAM);
            replies.write(RstStreamFrame.of(id, ErrorCode.REFUSED_STREAM));
            return;
        }
        // RFC7540 §5.3.1: "A stream cannot depend on itself. An endpoint MUST treat this as a stream error ... PROTOCOL_ERROR"
        InboundFrames.throwIfPresent(FrameValidator.checkSelfDependencyRfc7540(id, first.priority()), id);
        if (tooLarge) {
            if (first.endStream()) {
                streams.apply(id, StreamInput.RECV_END_STREAM); // a complete request needs no RST_STREAM after the 431
            }
            refusal.refuse(id, 431, (role == Role.CLIENT ? "the response's header list is over our" : "header list over")
                    + " SETTINGS_MAX_HEADER_LIST_SIZE " + limits.maxHeaderListSize() + " (maxHeaderListSize)");
            return;
        }
        boolean endStream = first.endStream();
        HeadersKind kind = classify(rec, id, fields, endStream);
        if (kind == HeadersKind.REQUEST && role == Role.SERVER
                && rec.bodyCheck.declaredLength() > limits.maxRequestBodyBytes()) {
            refusal.refuse(id, 413, "content-length " + rec.bodyCheck.declaredLength() + " over "
                    + limits.maxRequestBodyBytes());
            return;
        }
        if (endStream) {
            rec.bodyCheck.onEndStream();
        } else if (kind == HeadersKind.REQUEST && role == Role.SERVER) {
            rec.bodyStartedAt = clock.now(); // the minimum body rate counts from here (ProgressDeadlines)
            rec.bodyCheckedAt = clock.now();
        }
        Event.HeadersReceived event = new Event.HeadersReceived(id, kind, fields, endStream);
        if (endStream) {
            lifecycle.endStreamThenEmit(id, event);
        } else {
            events.emit(event);
        }
    }

    /** Where this header section sits in the message (RFC 9113 §8.1), validated by the message rules. */
    private HeadersKind classify(StreamRecord rec, int id, List<HeaderField> fields, boolean endStream) {
        MessageRules rules = messageRules;
        if (rec.finalHeadersReceived) {
            if (!endStream) {
                // RFC9113 §8.1: "a HEADERS frame without the END_STREAM flag set after ... the final ... is malformed" (trailers end the stream)
                throw MalformedMessage.error(id, MessageRule.TRAILERS_WITHOUT_END_STREAM, "HEADERS without END_STREAM after the header section");
            }
            rules.trailers(id, fields);
            return HeadersKind.TRAILERS;
        }
        if (role == Role.SERVER) {
            rules.request(id, fields);
            InboundFrames.provoked(hooks == null ? null : hooks.provokedByRequest(id, fields));
            rec.finalHeadersReceived = true;
            rec.bodyCheck = rules.body(id, fields, true);
            return HeadersKind.REQUEST;
        }
        rules.response(id, fields);
        if (HeaderSections.isInformational(fields)) {
            if (endStream) {
                // RFC9113 §8.1: "A HEADERS frame with the END_STREAM flag set that carries an informational status code is malformed"
                throw MalformedMessage.error(id, MessageRule.INFORMATIONAL_WITH_END_STREAM, "informational (1xx) response with END_STREAM");
            }
            return HeadersKind.INFORMATIONAL;
        }
        rec.finalHeadersReceived = true;
        String status = HeaderSections.valueOf(fields, ":status");
        boolean bodyExpected = !"HEAD".equals(rec.requestMethod) && !"204".equals(status) && !"304".equals(status);
        rec.bodyCheck = rules.body(id, fields, bodyExpected);
        return HeadersKind.RESPONSE;
    }

    void onPushPromiseStart(PushPromiseFrame f) {
        if (role == Role.SERVER) {
            // RFC9113 §8.4: "servers MUST treat the receipt of a PUSH_PROMISE frame as a connection error ... PROTOCOL_ERROR"
            throw H2Errors.connection(StreamRule.PUSH_BY_CLIENT, "a client sent PUSH_PROMISE");
        }
        if (!settings.localAnnounced().enablePush()) {
            // RFC9113 §6.6: "PUSH_PROMISE MUST NOT be sent if the SETTINGS_ENABLE_PUSH setting of the peer endpoint is set to 0"
            throw H2Errors.connection(StreamRule.PUSH_DISABLED,
                    "PUSH_PROMISE although we sent SETTINGS_ENABLE_PUSH=0");
        }
        FieldBlockJoiner.Block block = assembler.start(f, clock.now());
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
            fields = decode(fragment);
        } catch (HeaderListSizeException e) {
            fields = List.of();
            tooLarge = true;
        }
        tracer.inboundHeaders(fields);
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
        messageRules.request(promised, fields);
        String method = HeaderSections.valueOf(fields, ":method");
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            // RFC9113 §8.4.1: a method that "is not safe ... MUST respond on the promised stream with a stream error ... PROTOCOL_ERROR"
            throw MalformedMessage.error(promised, MessageRule.PUSHED_REQUEST_NOT_SAFE, "promised request with method " + method + " is not safe and cacheable");
        }
        events.emit(new Event.PushPromiseReceived(id, promised, fields));
    }

    private List<HeaderField> decode(byte[] block) {
        try {
            return tracer.wantsHpack() ? tracer.decodeInbound(decoder, block) : decoder.decode(block);
        } catch (HpackException e) {
            // RFC9113 §4.3: "A decoding error in a field block MUST be treated as a connection error ... of type COMPRESSION_ERROR"
            throw new ConnectionError(e.rule(), SpecRef.rfc9113("4.3"), e.getMessage());
        }
    }
}
