package io.h2scope.conformance.peer;

import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.MessageValidator;
import io.h2scope.engine.http.ResponseHead;
import io.h2scope.engine.http.ValidationOptions;
import io.h2scope.engine.stream.SenderEnd;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Judges everything the target sends, in every case, against the rules a client would hold it to:
 * frame rules (RFC 9113 §4, §6, reported by the lenient reader), field validity and connection-specific
 * fields (§8.2), response pseudo-header fields and message framing (§8.1, §8.3.2), what a stream's
 * sender may send after its END_STREAM or its RST_STREAM (§5.1), and the GOAWAY last-stream-id
 * (§6.8). Only the MUSTs: the SHOULD-level field syntax is not held against a server here.
 *
 * <p>A violation is reported once per rule and stream, never fatal: the case goes on, and the
 * runner decides what the violation means for the verdicts.
 */
public final class ServerOutputMonitor {

    public static final String FRAME_SIZE = "output/4.2/frame-size";
    public static final String FRAME_RULES = "output/4/frame-rules";
    public static final String FIELD_NAMES = "output/8.2.1/field-names";
    public static final String CONNECTION_SPECIFIC = "output/8.2.2/connection-specific-fields";
    public static final String RESPONSE_PSEUDO_HEADERS = "output/8.3/response-pseudo-headers";
    public static final String AFTER_END_STREAM = "output/5.1/after-end-stream";
    public static final String AFTER_RESET = "output/5.1/after-reset";
    public static final String GOAWAY_LAST_STREAM = "output/6.8/goaway-last-stream-id";

    // the MUST minimum: RFC 9113 §8.2.1's token syntax is a SHOULD, so it is not held against a server
    private final MessageValidator validator = new MessageValidator(
            new ValidationOptions(false, Integer.MAX_VALUE, false, false, false));
    /** The streams on which the target sent its final response (a status of 200 or more): what follows is trailers. */
    private final Set<Integer> answered = new HashSet<>();
    private final List<OutputViolation> violations = new ArrayList<>();
    private final Consumer<OutputViolation> onViolation;
    private int highestAnswered;
    private int lastGoAway = Integer.MAX_VALUE;

    public ServerOutputMonitor(Consumer<OutputViolation> onViolation) {
        this.onViolation = onViolation;
    }

    /** Every violation seen so far, in order. */
    public List<OutputViolation> violations() {
        return List.copyOf(violations);
    }

    /** A frame the lenient reader refused (its header or payload breaks a frame rule). */
    public void onBrokenFrame(FrameHeader header, Violation violation) {
        String rule = "4.2".equals(violation.spec().section()) ? FRAME_SIZE : FRAME_RULES;
        report(rule, violation.spec(), header.streamId(), "a " + FrameType.nameOf(header.typeCode()) + " frame of "
                + header.length() + " octets: " + violation.detail(), true);
    }

    /**
     * A well-formed frame from the target; {@code block} is the decoded field block when this frame
     * completed one (null otherwise); {@code before}: how the target had ended the stream before it, as the
     * peer's observer tracks the stream's state (the one place that does).
     */
    public void onFrame(Frame frame, List<HeaderField> block, SenderEnd before) {
        int streamId = frame.streamId();
        if (frame instanceof GoAwayFrame g) {
            checkGoAway(g);
            return;
        }
        if (streamId == 0 || frame.type() == FrameType.PUSH_PROMISE && block == null) {
            return;
        }
        checkAfterClose(frame, before);
        if (frame instanceof RstStreamFrame) {
            return;
        }
        if (frame instanceof HeadersFrame || frame instanceof DataFrame) {
            if (streamId % 2 == 1) { // GOAWAY's last-stream-id counts the client's streams only
                highestAnswered = Math.max(highestAnswered, streamId);
            }
            if (frame instanceof HeadersFrame h && block != null) {
                checkBlock(h, block);
            }
        }
    }

    private void checkAfterClose(Frame frame, SenderEnd before) {
        if (before == SenderEnd.RST_STREAM && !(frame instanceof PriorityFrame || frame instanceof RstStreamFrame)) {
            // (a repeated RST_STREAM is how RFC9113 §5.4.2 answers frames that keep arriving on a stream it reset)
            // RFC9113 §5.1 closed: "An endpoint MUST NOT send frames other than PRIORITY on a closed stream."
            report(AFTER_RESET, SpecRef.rfc9113("5.1"), frame.streamId(), FrameType.nameOf(frame.typeCode())
                    + " after its own RST_STREAM on the stream", false);
        } else if (before == SenderEnd.END_STREAM && !(frame instanceof PriorityFrame || frame instanceof WindowUpdateFrame
                || frame instanceof RstStreamFrame)) {
            // RFC9113 §5.1 half-closed (local): "cannot be used for sending frames other than WINDOW_UPDATE, PRIORITY, and RST_STREAM"
            report(AFTER_END_STREAM, SpecRef.rfc9113("5.1"), frame.streamId(), FrameType.nameOf(frame.typeCode())
                    + " after its own END_STREAM on the stream", false);
        }
    }

    private void checkBlock(HeadersFrame h, List<HeaderField> block) {
        int streamId = h.streamId();
        try {
            if (!answered.contains(streamId)) {
                ResponseHead head = validator.response(streamId, block, h.endStream());
                if (head.status() >= 200) {
                    answered.add(streamId);
                }
            } else {
                validator.trailers(streamId, block);
                if (!h.endStream()) {
                    // RFC9113 §8.1: trailers are "in a HEADERS frame" that "MUST ... carry END_STREAM"
                    report(RESPONSE_PSEUDO_HEADERS, SpecRef.rfc9113("8.1"), streamId,
                            "a second field block (trailers) without END_STREAM", false);
                }
            }
        } catch (StreamError e) {
            report(ruleOf(e.spec()), e.spec(), streamId, e.detail(), false);
        }
    }

    private static String ruleOf(SpecRef spec) {
        String section = spec.section();
        if (section.equals("8.2.2")) {
            return CONNECTION_SPECIFIC;
        }
        if (section.startsWith("8.2")) {
            return FIELD_NAMES;
        }
        return RESPONSE_PSEUDO_HEADERS;
    }

    private void checkGoAway(GoAwayFrame g) {
        int last = g.lastStreamId();
        if (last < highestAnswered) {
            // RFC9113 §6.8: the last stream identifier is "the highest-numbered stream identifier for which the sender
            // of the GOAWAY frame might have taken some action on or might yet take action on"
            report(GOAWAY_LAST_STREAM, SpecRef.rfc9113("6.8"), 0, "GOAWAY with last_stream=" + last
                    + " after it had answered on stream " + highestAnswered, false);
        } else if (last > lastGoAway) {
            // RFC9113 §6.8: "Endpoints MUST NOT increase the value they send in the last stream identifier"
            report(GOAWAY_LAST_STREAM, SpecRef.rfc9113("6.8"), 0, "a second GOAWAY raised last_stream from "
                    + lastGoAway + " to " + last, false);
        }
        lastGoAway = Math.min(lastGoAway, last);
    }

    private void report(String rule, SpecRef spec, int streamId, String detail, boolean frameLevel) {
        for (OutputViolation seen : violations) {
            if (seen.rule().equals(rule) && seen.streamId() == streamId) {
                return;
            }
        }
        OutputViolation violation = new OutputViolation(rule, spec, streamId, detail, frameLevel);
        violations.add(violation);
        onViolation.accept(violation);
    }
}
