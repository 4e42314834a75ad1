package io.h2scope.engine.frame;

import java.util.Arrays;
import java.util.Objects;

/**
 * HEADERS (RFC 9113 §6.2):
 * <pre>
 * HEADERS Frame {
 *   Length (24), Type (8) = 0x01,
 *   Unused Flags (2), PRIORITY Flag (1), Unused Flag (1), PADDED Flag (1),
 *   END_HEADERS Flag (1), Unused Flag (1), END_STREAM Flag (1),
 *   Reserved (1), Stream Identifier (31),
 *   [Pad Length (8)], [Exclusive (1)], [Stream Dependency (31)], [Weight (8)],
 *   Field Block Fragment (..), Padding (..2040),
 * }
 * </pre>
 *
 * @param streamId  the stream
 * @param flags     raw flags; PADDED must agree with {@code padLength}, PRIORITY with {@code priority}
 * @param fragment  the field block fragment (immutable by convention)
 * @param padLength the Pad Length field, or -1 when PADDED is clear
 * @param priority  the priority fields, or {@code null} when PRIORITY is clear
 */
public record HeadersFrame(int streamId, int flags, byte[] fragment, int padLength, Priority priority)
        implements Frame {

    /** Bytes of Exclusive, Stream Dependency and Weight when PRIORITY is set. */
    public static final int PRIORITY_FIELDS_LENGTH = 5;

    public HeadersFrame {
        Args.checkStreamId("stream id", streamId);
        Args.checkByte("flags", flags);
        Args.notNull("fragment", fragment);
        Args.checkPadding(flags, padLength);
        if (((flags & Flags.PRIORITY) != 0) != (priority != null)) {
            throw new IllegalArgumentException("the PRIORITY flag must be set exactly when priority fields are given");
        }
    }

    public static HeadersFrame of(int streamId, byte[] fragment, boolean endStream, boolean endHeaders) {
        return new HeadersFrame(streamId, endFlags(endStream, endHeaders), fragment, -1, null);
    }

    public static HeadersFrame withPriority(int streamId, byte[] fragment, boolean endStream, boolean endHeaders,
            Priority priority) {
        return new HeadersFrame(streamId, endFlags(endStream, endHeaders) | Flags.PRIORITY, fragment, -1,
                Args.notNull("priority", priority));
    }

    /** A padded frame, with priority fields when {@code priority} is not null. */
    public static HeadersFrame padded(int streamId, byte[] fragment, boolean endStream, boolean endHeaders,
            int padLength, Priority priority) {
        int flags = endFlags(endStream, endHeaders) | Flags.PADDED | (priority != null ? Flags.PRIORITY : 0);
        return new HeadersFrame(streamId, flags, fragment, padLength, priority);
    }

    private static int endFlags(boolean endStream, boolean endHeaders) {
        return (endStream ? Flags.END_STREAM : 0) | (endHeaders ? Flags.END_HEADERS : 0);
    }

    public boolean endStream() {
        return hasFlag(Flags.END_STREAM);
    }

    public boolean endHeaders() {
        return hasFlag(Flags.END_HEADERS);
    }

    public boolean padded() {
        return padLength >= 0;
    }

    @Override
    public int typeCode() {
        return FrameType.HEADERS.code();
    }

    @Override
    public int payloadLength() {
        return fragment.length + Args.paddingBytes(padLength) + (priority != null ? PRIORITY_FIELDS_LENGTH : 0);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HeadersFrame that && streamId == that.streamId && flags == that.flags
                && padLength == that.padLength && Objects.equals(priority, that.priority)
                && Arrays.equals(fragment, that.fragment);
    }

    @Override
    public int hashCode() {
        return (streamId * 31 + flags) * 31 + Arrays.hashCode(fragment);
    }

    @Override
    public String toString() {
        return "HEADERS[stream=" + streamId + ", flags=" + Flags.describe(typeCode(), flags)
                + (padded() ? ", padLength=" + padLength : "") + (priority != null ? ", " + priority : "")
                + ", fragment=" + Args.preview(fragment) + "]";
    }
}
