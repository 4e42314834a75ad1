package io.h2scope.engine.frame.codec;

import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.check.FrameValidator;
import io.h2scope.engine.frame.check.Violation;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;

/**
 * Incremental frame parser: bytes in, frames and violations out, in any split, down to one byte
 * per call, with identical results.
 *
 * <p><b>Memory.</b> The reader holds at most {@code maxFrameSize + 9} bytes: a reused 9-byte
 * header buffer and one payload array of the announced length. The header is checked
 * ({@link FrameValidator#checkHeader}) before the payload is allocated, so a length above the
 * limit allocates nothing: it is reported, and the payload is skipped as it streams past (stream
 * scope, or any scope in a {@link #lenient} reader). A lowered {@link #setMaxFrameSize} applies
 * from the next frame header.
 *
 * <p><b>Failure.</b> A connection-scope violation fails a normal reader: it stops right after the
 * offending frame's header when the header broke the rule, or after its payload for a padding
 * rule; the rest of the buffer stays unread, and every later {@code read} throws
 * {@link IllegalStateException}. A stream-scope violation skips that frame and goes on.
 * A {@link #lenient} reader, for the inspector and the conformance peer, goes on after both.
 *
 * <p><b>Strict use.</b> Pass a {@link StrictFrameHandler} to get typed errors: connection errors
 * are thrown out of {@code read}, stream errors are delivered.
 *
 * <p>Reserved bits inside payloads (WINDOW_UPDATE increment, PUSH_PROMISE promised id, GOAWAY
 * last stream id) are masked and not remembered; only the frame header's reserved bit is kept.
 *
 * <p>Not thread-safe; one reader per connection direction.
 */
public final class FrameReader {

    private static final byte[] EMPTY = {};

    private enum State { HEADER, PAYLOAD, SKIP, FAILED }

    private final boolean lenient;
    private final byte[] headerBuffer = new byte[FrameSizes.HEADER_LENGTH];
    private int maxFrameSize;
    private State state = State.HEADER;
    private int headerFilled;

    // the frame being read; kept as primitives so a good frame costs no FrameHeader object
    private int length;
    private int typeCode;
    private int flags;
    private int streamId;
    private boolean reservedBit;

    private byte[] payload;
    private int payloadFilled;
    private byte[] delivered; // the payload of the frame inside onFrame, for its padding
    private int skipRemaining;
    private Violation failure;

    /** A reader that fails on the first connection-scope violation; {@code maxFrameSize} is our SETTINGS_MAX_FRAME_SIZE. */
    public FrameReader(int maxFrameSize) {
        this(maxFrameSize, false);
    }

    private FrameReader(int maxFrameSize, boolean lenient) {
        this.lenient = lenient;
        setMaxFrameSize(maxFrameSize);
    }

    /** A reader that reports every violation and reads on: for showing what a peer sent, not for acting on it. */
    public static FrameReader lenient(int maxFrameSize) {
        return new FrameReader(maxFrameSize, true);
    }

    /** Our advertised SETTINGS_MAX_FRAME_SIZE (RFC9113 §4.2: 2^14..2^24-1); applies from the next frame header. */
    public void setMaxFrameSize(int maxFrameSize) {
        if (!FrameSizes.isValidMaxFrameSize(maxFrameSize)) {
            throw new IllegalArgumentException("max frame size must be " + FrameSizes.DEFAULT_MAX_FRAME_SIZE + ".."
                    + FrameSizes.MAX_FRAME_SIZE_LIMIT + " (RFC 9113 §4.2), got " + maxFrameSize);
        }
        this.maxFrameSize = maxFrameSize;
    }

    public int maxFrameSize() {
        return maxFrameSize;
    }

    public boolean isLenient() {
        return lenient;
    }

    /** True after a connection-scope violation in a non-lenient reader. */
    public boolean isFailed() {
        return state == State.FAILED;
    }

    /** The violation that failed this reader, if any. */
    public Optional<Violation> failure() {
        return Optional.ofNullable(failure);
    }

    /** True when no partial frame is buffered or being skipped: the input ended on a frame boundary. */
    public boolean atFrameBoundary() {
        return state == State.HEADER && headerFilled == 0;
    }

    /**
     * The frame the input stopped inside, if it did: how many of its octets were read and how many it has.
     * Empty at a frame boundary and after a failure.
     */
    public Optional<PartialFrame> partialFrame() {
        int whole = FrameSizes.HEADER_LENGTH + length;
        return switch (state) {
            case HEADER -> headerFilled == 0 ? Optional.empty()
                    : Optional.of(new PartialFrame(headerFilled, FrameSizes.HEADER_LENGTH, true));
            case PAYLOAD -> Optional.of(new PartialFrame(FrameSizes.HEADER_LENGTH + payloadFilled, whole, false));
            case SKIP -> Optional.of(new PartialFrame(whole - skipRemaining, whole, false));
            case FAILED -> Optional.empty();
        };
    }

    /** Bytes this reader holds now (its memory, not the input consumed): the header buffer plus the payload being filled. */
    public int retainedBytes() {
        return headerBuffer.length + (payload != null ? payload.length : 0);
    }

    /**
     * The header of the latest frame: inside {@code onFrame} or {@code onViolation}, the frame being
     * delivered, with its reserved bit. Builds a new record on each call.
     */
    public FrameHeader currentHeader() {
        return new FrameHeader(length, typeCode, flags, streamId, reservedBit);
    }

    /**
     * Inside {@code onFrame}: the padding octets of the frame being delivered as they came (the frame records keep
     * only their length), or null when it is not padded. RFC 9113 §6.1 lets a receiver treat non-zero padding as an
     * error, so a trace keeps them.
     */
    public byte[] currentPadding() {
        return delivered == null ? null : paddingOf(typeCode, flags, delivered);
    }

    /**
     * The padding octets at the end of a frame's payload (that passed the frame checks), or null when the frame is not
     * of a padded kind with PADDED set (RFC 9113 §6.1, §6.2, §6.6).
     */
    public static byte[] paddingOf(int typeCode, int flags, byte[] payload) {
        if ((flags & Flags.PADDED) == 0 || payload.length == 0 || (typeCode != FrameType.DATA.code()
                && typeCode != FrameType.HEADERS.code() && typeCode != FrameType.PUSH_PROMISE.code())) {
            return null;
        }
        int padLength = payload[0] & 0xff;
        return padLength >= payload.length ? null : Arrays.copyOfRange(payload, payload.length - padLength, payload.length);
    }

    /**
     * Consumes every byte of {@code in} (unless the reader fails part way), delivering each complete
     * frame or violation to {@code handler} as soon as it is known. Whatever a handler throws leaves
     * the reader positioned after the frame it was given.
     *
     * @throws IllegalStateException if the reader failed earlier
     */
    public void read(ByteBuffer in, FrameHandler handler) {
        if (state == State.FAILED) {
            throw new IllegalStateException("the frame reader failed earlier (" + failure + "); no further input is read");
        }
        while (true) {
            switch (state) {
                case HEADER -> {
                    if (!fillHeader(in)) {
                        return;
                    }
                    startFrame(handler);
                }
                case PAYLOAD -> {
                    if (!fillPayload(in)) {
                        return;
                    }
                    finishFrame(handler);
                }
                case SKIP -> {
                    if (!skip(in)) {
                        return;
                    }
                    state = State.HEADER;
                }
                case FAILED -> {
                    return;
                }
            }
        }
    }

    private boolean fillHeader(ByteBuffer in) {
        int n = Math.min(in.remaining(), FrameSizes.HEADER_LENGTH - headerFilled);
        in.get(headerBuffer, headerFilled, n);
        headerFilled += n;
        return headerFilled == FrameSizes.HEADER_LENGTH;
    }

    private void startFrame(FrameHandler handler) {
        headerFilled = 0;
        byte[] h = headerBuffer;
        length = ((h[0] & 0xff) << 16) | ((h[1] & 0xff) << 8) | (h[2] & 0xff);
        typeCode = h[3] & 0xff;
        flags = h[4] & 0xff;
        int streamWord = PayloadDecoder.int32(h, 5);
        // RFC9113 §4.1: the reserved bit "MUST be ignored when receiving"; kept only for display
        reservedBit = streamWord < 0;
        streamId = streamWord & FrameSizes.MAX_STREAM_ID;

        // checked before allocating, so a huge announced length costs nothing
        Optional<Violation> violation = FrameValidator.checkHeader(length, typeCode, flags, streamId, maxFrameSize);
        if (violation.isPresent()) {
            reject(violation.get(), handler, length);
            return;
        }
        payload = length == 0 ? EMPTY : new byte[length];
        payloadFilled = 0;
        state = State.PAYLOAD;
    }

    private boolean fillPayload(ByteBuffer in) {
        int n = Math.min(in.remaining(), payload.length - payloadFilled);
        in.get(payload, payloadFilled, n);
        payloadFilled += n;
        return payloadFilled == payload.length;
    }

    private boolean skip(ByteBuffer in) {
        int n = Math.min(in.remaining(), skipRemaining);
        in.position(in.position() + n);
        skipRemaining -= n;
        return skipRemaining == 0;
    }

    private void finishFrame(FrameHandler handler) {
        byte[] body = payload;
        payload = null;
        state = State.HEADER;
        Optional<Violation> violation = FrameValidator.checkPayload(typeCode, flags, body);
        if (violation.isPresent()) {
            reject(violation.get(), handler, 0);
            return;
        }
        delivered = body;
        try {
            handler.onFrame(PayloadDecoder.decode(typeCode, flags, streamId, body));
        } finally {
            delivered = null;
        }
    }

    /** Moves to the next state before calling the handler, which may throw. */
    private void reject(Violation violation, FrameHandler handler, int unreadPayload) {
        if (violation.scope() == ErrorScope.CONNECTION && !lenient) {
            state = State.FAILED;
            failure = violation;
        } else if (unreadPayload > 0) {
            skipRemaining = unreadPayload;
            state = State.SKIP;
        } else {
            state = State.HEADER;
        }
        handler.onViolation(currentHeader(), violation);
    }
}
