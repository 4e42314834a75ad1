package io.h2scope.engine.frame.codec;

import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns a payload into its frame record. Only called after {@code FrameValidator} accepted the
 * header and the payload, so every length and padding field is known to fit. When there is no
 * padding and no leading field, the payload array itself becomes the data or fragment (no copy).
 */
final class PayloadDecoder {

    private static final byte[] EMPTY = {};

    private PayloadDecoder() {
    }

    static Frame decode(int typeCode, int flags, int streamId, byte[] payload) {
        FrameType type = FrameType.fromCode(typeCode);
        if (type == null) {
            // RFC9113 §5.5: unknown types are kept for the caller, which "MUST discard" them
            return new UnknownFrame(typeCode, flags, streamId, payload);
        }
        return switch (type) {
            case DATA -> data(flags, streamId, payload);
            case HEADERS -> headers(flags, streamId, payload);
            case PRIORITY -> new PriorityFrame(streamId, flags, Priority.fromWire(int32(payload, 0), payload[4]));
            case RST_STREAM -> new RstStreamFrame(streamId, flags, int32(payload, 0));
            case SETTINGS -> settings(flags, payload);
            case PUSH_PROMISE -> pushPromise(flags, streamId, payload);
            case PING -> new PingFrame(flags, int64(payload, 0));
            case GOAWAY -> new GoAwayFrame(flags, int32(payload, 0) & FrameSizes.MAX_STREAM_ID, int32(payload, 4),
                    slice(payload, GoAwayFrame.MIN_LENGTH, payload.length));
            // RFC9113 §6.9: "one reserved bit plus an unsigned 31-bit integer"; the reserved bit is ignored
            case WINDOW_UPDATE -> new WindowUpdateFrame(streamId, flags, int32(payload, 0) & FrameSizes.MAX_STREAM_ID);
            case CONTINUATION -> new ContinuationFrame(streamId, flags, payload);
        };
    }

    private static DataFrame data(int flags, int streamId, byte[] payload) {
        int padLength = padLength(flags, payload);
        int start = padLength >= 0 ? 1 : 0;
        return new DataFrame(streamId, flags, slice(payload, start, payload.length - Math.max(padLength, 0)), padLength);
    }

    private static HeadersFrame headers(int flags, int streamId, byte[] payload) {
        int padLength = padLength(flags, payload);
        int offset = padLength >= 0 ? 1 : 0;
        Priority priority = null;
        if ((flags & Flags.PRIORITY) != 0) {
            priority = Priority.fromWire(int32(payload, offset), payload[offset + 4]);
            offset += HeadersFrame.PRIORITY_FIELDS_LENGTH;
        }
        byte[] fragment = slice(payload, offset, payload.length - Math.max(padLength, 0));
        return new HeadersFrame(streamId, flags, fragment, padLength, priority);
    }

    private static PushPromiseFrame pushPromise(int flags, int streamId, byte[] payload) {
        int padLength = padLength(flags, payload);
        int offset = padLength >= 0 ? 1 : 0;
        // RFC9113 §6.6: "Reserved (1), Promised Stream ID (31)": the reserved bit is ignored
        int promised = int32(payload, offset) & FrameSizes.MAX_STREAM_ID;
        offset += PushPromiseFrame.PROMISED_ID_LENGTH;
        byte[] fragment = slice(payload, offset, payload.length - Math.max(padLength, 0));
        return new PushPromiseFrame(streamId, flags, promised, fragment, padLength);
    }

    private static SettingsFrame settings(int flags, byte[] payload) {
        List<RawSetting> settings = new ArrayList<>(payload.length / SettingsFrame.SETTING_LENGTH);
        for (int i = 0; i < payload.length; i += SettingsFrame.SETTING_LENGTH) {
            int id = ((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff);
            settings.add(new RawSetting(id, int32(payload, i + 2) & 0xffffffffL));
        }
        return new SettingsFrame(flags, settings);
    }

    private static int padLength(int flags, byte[] payload) {
        return (flags & Flags.PADDED) != 0 ? payload[0] & 0xff : -1;
    }

    private static byte[] slice(byte[] payload, int from, int to) {
        if (from == 0 && to == payload.length) {
            return payload;
        }
        return from == to ? EMPTY : Arrays.copyOfRange(payload, from, to);
    }

    static int int32(byte[] bytes, int offset) {
        return ((bytes[offset] & 0xff) << 24) | ((bytes[offset + 1] & 0xff) << 16)
                | ((bytes[offset + 2] & 0xff) << 8) | (bytes[offset + 3] & 0xff);
    }

    private static long int64(byte[] bytes, int offset) {
        return ((long) int32(bytes, offset) << 32) | (int32(bytes, offset + 4) & 0xffffffffL);
    }
}
