package io.h2scope.conformance.peer;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.observer.FirstOctets;
import io.h2scope.engine.stream.SenderEnd;
import io.h2scope.engine.trace.text.FrameWords;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** What {@link Peer#nextEvent} reports, in the order things happened on the connection. */
public sealed interface PeerEvent {

    /** The event as a phrase in the frame vocabulary, for a verdict's "actual" (never a record's toString). */
    String describe();

    /**
     * A well-formed frame from the target. {@code headers} is the decoded field block when this
     * frame completed one (HEADERS or PUSH_PROMISE with END_HEADERS, or the last CONTINUATION),
     * otherwise null. {@code senderEnd}: how the target had ended the frame's stream before it, as the peer's
     * observer tracks the stream.
     */
    record FrameReceived(Frame frame, List<HeaderField> headers, SenderEnd senderEnd) implements PeerEvent {

        @Override
        public String describe() {
            return FrameWords.describe(frame);
        }

        public boolean is(FrameType type) {
            return frame.type() == type;
        }

        /** The {@code :status} of a completed response header block. */
        public Optional<String> status() {
            if (headers == null) {
                return Optional.empty();
            }
            return headers.stream().filter(h -> h.name().equals(":status")).map(HeaderField::value).findFirst();
        }
    }

    /** A frame from the target that breaks a frame-level rule (reported by the lenient reader), or an undecodable header block. */
    record PeerViolation(FrameHeader header, Violation violation) implements PeerEvent {

        @Override
        public String describe() {
            return "a " + FrameType.nameOf(header.typeCode()) + " frame on stream " + header.streamId()
                    + " that breaks " + violation.spec() + " (" + violation.detail() + ")";
        }
    }

    /**
     * The target answered with HTTP/1.x instead of HTTP/2 frames (for instance "HTTP/1.1 400 Bad
     * Request" to the preface on a port that also speaks HTTP/1.1). Nothing after it is parsed as frames.
     */
    record Http1Response(String statusLine) implements PeerEvent {

        @Override
        public String describe() {
            return "an HTTP/1 answer \"" + statusLine + "\"";
        }
    }

    /**
     * The target's first octets are neither HTTP/2 frames nor an HTTP/1.x answer: a TLS record (a TLS port reached
     * in cleartext), text, or other octets; {@code description} says which. Nothing after them is parsed.
     */
    record NotHttp2(FirstOctets.Kind kind, String description) implements PeerEvent {

        @Override
        public String describe() {
            return description;
        }
    }

    /** The target closed the connection (EOF) or reset it; {@code how} says which. */
    record ConnectionClosed(String how) implements PeerEvent {

        @Override
        public String describe() {
            return "the connection " + how;
        }
    }

    /** Nothing arrived within the wait. */
    record Timeout(Duration waited) implements PeerEvent {

        @Override
        public String describe() {
            return "nothing within " + waited.toMillis() + " ms";
        }
    }
}
