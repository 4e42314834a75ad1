package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How far each response on one relayed connection has come, as the server's frames pass through it to the client:
 * whether its final head came and with which content-length, how many DATA octets followed, whether END_STREAM or
 * RST_STREAM ended it. A fault that cuts a response short in the server's place completes it from this, so that the
 * client sees a whole response the server never sent.
 */
final class ResponseProgress {

    /** Streams whose final (non-1xx) response head came, and the content-length it gave (-1 without one). */
    private final Map<Integer, Long> contentLength = new ConcurrentHashMap<>();
    private final Map<Integer, Long> received = new ConcurrentHashMap<>();
    /** Streams ended by END_STREAM from the server or by RST_STREAM from either side (written by both pumps). */
    private final Set<Integer> ended = ConcurrentHashMap.newKeySet();
    /** Reads the server's field blocks for their status and content-length, and passes them on as they came. */
    private final ResponseRewrite heads = ResponseRewrite.blocks(b -> {
        boolean finalHead = b.head() && b.lines().stream().anyMatch(l -> l.field().name().equals(":status")
                && !l.field().value().startsWith("1"));
        if (finalHead) {
            contentLength.put(b.stream(), b.lines().stream().filter(l -> l.field().name().equals("content-length"))
                    .map(l -> parse(l.field().value())).findFirst().orElse(-1L));
        }
        return b.lines();
    });

    /** Passes a frame of the server's on to the client, noting what it says of its stream's response. */
    void fromServer(RawFrame f, Wire wire) throws IOException {
        if ((f.is(FrameType.HEADERS) || f.is(FrameType.DATA)) && f.has(Flags.END_STREAM)
                || f.is(FrameType.RST_STREAM)) {
            ended.add(f.stream());
        }
        if (f.is(FrameType.DATA)) {
            received.merge(f.stream(), (long) dataLength(f), Long::sum);
        }
        heads.fromServer(f, wire);
    }

    /** The server closed the connection: a field block it left unfinished goes on as it came. */
    void serverEnded(Wire wire) throws IOException {
        heads.serverEnded(wire);
    }

    /** The client reset {@code stream}: its response will not be completed. */
    void resetByClient(int stream) {
        ended.add(stream);
    }

    boolean ended(int stream) {
        return ended.contains(stream);
    }

    /** The streams whose final response head came and that nothing has ended. */
    Set<Integer> begun() {
        Set<Integer> begun = ConcurrentHashMap.newKeySet();
        contentLength.keySet().stream().filter(s -> !ended.contains(s)).forEach(begun::add);
        return begun;
    }

    /**
     * Ends the response on {@code stream} as a server that sent it whole would: a HEADERS {@code :status 200} (from
     * the static table) when no final head came, then a DATA with END_STREAM carrying the octets its content-length
     * still lacks (zeros; none without a content-length).
     */
    void complete(int stream, Wire wire) throws IOException {
        ended.add(stream);
        Long length = contentLength.get(stream);
        if (length == null) {
            wire.toClient(RawFrame.status200(stream, Flags.END_HEADERS));
            length = -1L;
        }
        long missing = Math.max(0, length - received.getOrDefault(stream, 0L));
        // the cases' missing octets are few: one frame within the client's smallest SETTINGS_MAX_FRAME_SIZE holds them
        wire.toClient(RawFrame.of(FrameType.DATA, Flags.END_STREAM, stream,
                new byte[(int) Math.min(missing, FrameSizes.DEFAULT_MAX_FRAME_SIZE)]));
    }

    /** The data octets of a DATA frame: its payload less the Pad Length octet and the padding. */
    private static int dataLength(RawFrame data) {
        byte[] p = data.payload();
        return data.has(Flags.PADDED) && p.length > 0 ? Math.max(0, p.length - 1 - (p[0] & 0xff)) : p.length;
    }

    private static long parse(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
