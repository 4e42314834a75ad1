package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What the origin answers one end-to-end case's request, said once for both origins (HTTP/1.1 and h2c each write it in their
 * own framing): interim statuses, the final status and fields, a body that may be cut short, trailers, and whether
 * the origin first says it is going away.
 *
 * @param interim     1xx statuses sent before the final response, in order
 * @param status      the final status
 * @param fields      the final response's regular fields (framing fields are the origin's to add)
 * @param body        the content
 * @param declared    whether the head declares the content's length (content-length); else HTTP/1.1 uses chunked
 * @param trailers    the trailer section, or empty
 * @param ending      how the response ends
 * @param cutAfter    for ABORT and HOLD: how many octets of the body go before
 * @param goingAway   h2: GOAWAY (NO_ERROR, last stream = this one) before the response; HTTP/1.1: "connection: close"
 *                    and the connection closed after it
 */
public record OriginReply(List<Integer> interim, int status, List<HeaderField> fields, byte[] body, boolean declared,
        List<HeaderField> trailers, Ending ending, int cutAfter, boolean goingAway) implements OriginAnswer {

    /** How the response ends. */
    public enum Ending {
        /** Whole: the body, then the trailers if any, then the end of the message. */
        COMPLETE,
        /** Cut: after {@code cutAfter} octets, h2 resets the stream (INTERNAL_ERROR), HTTP/1.1 closes the connection. */
        ABORT,
        /**
         * Stalled: after {@code cutAfter} octets, nothing more until the intermediary gives up on the response (a reset
         * or a close, recorded on the arrival), at most {@link #HOLD_MILLIS}, then as ABORT.
         */
        HOLD
    }

    /** The longest a HOLD reply waits for the intermediary to give up on it. */
    public static final long HOLD_MILLIS = 15_000;

    /** The origin's ordinary answer: a small 200. */
    public static final OriginReply OK = ok(Origin.ANSWER.getBytes(StandardCharsets.US_ASCII)).build();

    public OriginReply {
        interim = List.copyOf(interim);
        fields = List.copyOf(fields);
        trailers = List.copyOf(trailers);
        if (cutAfter < 0 || cutAfter > body.length) {
            throw new IllegalArgumentException("cutAfter " + cutAfter + " outside the body of " + body.length);
        }
    }

    /** The reply among a case's scripted answer, else the ordinary small 200. */
    static OriginReply or(java.util.Optional<OriginAnswer> scripted) {
        return scripted.filter(OriginReply.class::isInstance).map(OriginReply.class::cast).orElse(OK);
    }

    /** A 200 with {@code body}, its length declared; change it with the builder. */
    public static Builder ok(byte[] body) {
        return new Builder(body);
    }

    /** Reads as the origin's answer does. */
    public static final class Builder {
        private final List<Integer> interim = new ArrayList<>();
        private final List<HeaderField> fields = new ArrayList<>();
        private final List<HeaderField> trailers = new ArrayList<>();
        private final byte[] body;
        private boolean declared = true;
        private Ending ending = Ending.COMPLETE;
        private int cutAfter;
        private boolean goingAway;

        private Builder(byte[] body) {
            this.body = body.clone();
        }

        public Builder interim(int status) {
            interim.add(status);
            return this;
        }

        public Builder with(String name, String value) {
            fields.add(new HeaderField(name, value));
            return this;
        }

        /** No content-length: HTTP/1.1 frames the body as chunked, h2 by END_STREAM alone. */
        public Builder undeclared() {
            declared = false;
            return this;
        }

        public Builder trailer(String name, String value) {
            trailers.add(new HeaderField(name, value));
            declared = false;
            return this;
        }

        /** After {@code octets} of the body, an h2 reset or an HTTP/1.1 close. */
        public Builder abortAfter(int octets) {
            ending = Ending.ABORT;
            cutAfter = octets;
            return this;
        }

        /** After {@code octets} of the body, nothing more until the intermediary gives up. */
        public Builder holdAfter(int octets) {
            ending = Ending.HOLD;
            cutAfter = octets;
            return this;
        }

        public Builder goingAway() {
            goingAway = true;
            return this;
        }

        public OriginReply build() {
            return new OriginReply(interim, 200, fields, body, declared, trailers, ending, cutAfter, goingAway);
        }
    }

    /** How many body octets go out: all when COMPLETE, else {@code cutAfter}. */
    public int sent() {
        return ending == Ending.COMPLETE ? body.length : cutAfter;
    }
}
