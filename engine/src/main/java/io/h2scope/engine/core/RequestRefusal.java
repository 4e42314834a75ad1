package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;

import java.util.List;

/**
 * A request we will not serve although it broke no rule: a header list (431) or body (413) too large,
 * a body too slow (408). How each side answers is among the choices {@link Http2Connection} documents.
 */
final class RequestRefusal {

    private final Role role;
    private final LiveStreams streams;
    private final DataScheduler scheduler;
    private final HeaderBlockWriter headers;
    private final ControlReplies replies;
    private final ApplicationEvents events;

    RequestRefusal(Role role, LiveStreams streams, DataScheduler scheduler, HeaderBlockWriter headers,
            ControlReplies replies, ApplicationEvents events) {
        this.role = role;
        this.streams = streams;
        this.scheduler = scheduler;
        this.headers = headers;
        this.replies = replies;
        this.events = events;
    }

    void refuse(int streamId, int status, String reason) {
        StreamRecord rec = streams.record(streamId);
        boolean answered = false;
        if (role == Role.SERVER && rec != null && !rec.finalHeadersSent && !scheduler.hasPending(streamId)) {
            rec.finalHeadersSent = true;
            streams.apply(streamId, StreamInput.SEND_HEADERS);
            headers.write(streamId, List.of(new HeaderField(":status", Integer.toString(status))), true);
            answered = true;
        }
        if (streams.state(streamId) != StreamState.CLOSED) {
            scheduler.remove(streamId);
            ErrorCode code = answered ? ErrorCode.NO_ERROR : ErrorCode.CANCEL;
            streams.apply(streamId, StreamInput.SEND_RST_STREAM);
            // RFC9113 §8.1: a server "MAY request that the client abort transmission of a request without error by sending a RST_STREAM with an error code of NO_ERROR"
            replies.write(RstStreamFrame.of(streamId, code));
            if (!answered && role == Role.SERVER) {
                events.emit(new Event.StreamReset(streamId, code.code(), false));
            }
        }
        if (role == Role.SERVER) {
            events.emit(new Event.RequestRefused(streamId, status, reason));
        } else {
            // the application learns which of our limits the response broke, not a bare CANCEL (nor nothing at all,
            // when the response's END_STREAM had closed the stream and no RST_STREAM was needed)
            events.emit(new Event.StreamErrorRaised(new StreamError(streamId, LimitRule.HEADER_LIST_SIZE, reason)));
        }
    }
}
