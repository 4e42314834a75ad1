package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Completes, in the server's place, a response the server cut short with RST_STREAM: on a stream whose request the
 * client sent whole and whose response has not ended, a RST_STREAM (but REFUSED_STREAM, which says the request was not
 * processed) becomes a DATA with END_STREAM carrying the octets the response's content-length still lacks (zeros;
 * none without a content-length), after a HEADERS {@code :status 200} when no final response head came. The server's
 * field blocks go on as they came ({@link ResponseRewrite} reads them for their content-length).
 */
final class ResetResponseCompleted implements Rewrite {

    /** Streams whose request ended (END_STREAM from the client): the server's reset then cuts only the response. */
    private final Set<Integer> requestSent = ConcurrentHashMap.newKeySet();
    /** Streams with a final response head, and the content-length it gave (-1 without one). */
    private final Map<Integer, Long> contentLength = new HashMap<>();
    private final Map<Integer, Long> received = new HashMap<>();
    private final Set<Integer> ended = new HashSet<>();
    private final ResponseRewrite heads = ResponseRewrite.blocks(b -> {
        boolean finalHead = b.head() && b.lines().stream().anyMatch(l -> l.field().name().equals(":status")
                && !l.field().value().startsWith("1"));
        if (finalHead) {
            contentLength.put(b.stream(), b.lines().stream().filter(l -> l.field().name().equals("content-length"))
                    .map(l -> parse(l.field().value())).findFirst().orElse(-1L));
        }
        return b.lines();
    });

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if ((f.is(FrameType.HEADERS) || f.is(FrameType.DATA)) && f.has(Flags.END_STREAM)) {
            requestSent.add(f.stream());
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.RST_STREAM) && cutsResponse(f)) {
            completeResponse(f.stream(), wire);
            return;
        }
        if ((f.is(FrameType.HEADERS) || f.is(FrameType.DATA)) && f.has(Flags.END_STREAM)) {
            ended.add(f.stream());
        }
        if (f.is(FrameType.DATA)) {
            received.merge(f.stream(), (long) dataLength(f), Long::sum);
        }
        heads.fromServer(f, wire);
    }

    private boolean cutsResponse(RawFrame reset) {
        return reset.stream() != 0 && reset.payload().length == 4 && requestSent.contains(reset.stream())
                && !ended.contains(reset.stream()) && reset.intAt(0) != ErrorCode.REFUSED_STREAM.code();
    }

    private void completeResponse(int stream, Wire wire) throws IOException {
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
