package io.h2scope.bench.client;

import io.h2scope.engine.frame.Preface;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The yardstick beside the libraries ({@code lib=floor}): what a GET costs on this machine and server when the
 * client does nothing but the syscalls. One blocking socket, the request a pre-encoded HEADERS frame, frames
 * read on the calling thread until that stream's END_STREAM; no event loop, executor, HPACK decoding or
 * flow-control accounting (the connection window is opened wide and topped up). Asynchronous GETs are buffered
 * and sent with the next wait, and a wait reads on the waiting thread, completing whichever responses pass by:
 * the multiplexed benchmark's 64 requests go out in one write. Not a client anyone should use: the status is
 * read only when the server sends it first in the block, without Huffman coding ({@link #status}); else it is -1.
 */
final class FloorAdapter implements ClientAdapter {

    private static final int TYPE_DATA = 0;
    private static final int TYPE_HEADERS = 1;
    private static final int TYPE_SETTINGS = 4;
    private static final int TYPE_GOAWAY = 7;
    private static final int TYPE_WINDOW_UPDATE = 8;
    private static final int END_STREAM = 0x1;
    private static final int ACK = 0x1;
    private static final int PADDED = 0x8;
    /** The :status values of static table entries 8 to 14 (RFC 7541 Appendix A). */
    private static final int[] STATIC_STATUS = {200, 204, 206, 304, 400, 404, 500};
    private static final int WINDOW_TOP_UP = 1 << 30;

    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;
    private final byte[] frame;
    private final Map<Integer, Pending> waiting = new HashMap<>();
    private int nextStream = 1;
    private long receivedSinceTopUp;
    private boolean unsent;

    FloorAdapter(URI url) throws IOException {
        socket = new Socket(url.getHost(), url.getPort());
        socket.setTcpNoDelay(true);
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        out.write(Preface.bytes());
        out.write(frameHeader(0, TYPE_SETTINGS, 0, 0));
        topUpWindow();
        out.flush();
        byte[] block = headerBlock(url);
        frame = new byte[9 + block.length]; // the stream id is filled in per request
        System.arraycopy(frameHeader(block.length, TYPE_HEADERS, END_STREAM | 0x4, 0), 0, frame, 0, 9); // END_HEADERS
        System.arraycopy(block, 0, frame, 9, block.length);
    }

    @Override
    public String name() {
        return "floor";
    }

    @Override
    public synchronized Reply get() throws IOException {
        Pending p = send();
        flush();
        readUntilDone(p);
        return p.reply();
    }

    @Override
    public synchronized CompletableFuture<Reply> getAsync() {
        try {
            return send();
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Buffers one request (sent with the next flush). */
    private Pending send() throws IOException {
        int stream = nextStream;
        nextStream += 2;
        if (nextStream < 0) {
            throw new IOException("stream ids used up on this connection");
        }
        frame[5] = (byte) (stream >>> 24);
        frame[6] = (byte) (stream >>> 16);
        frame[7] = (byte) (stream >>> 8);
        frame[8] = (byte) stream;
        out.write(frame);
        unsent = true;
        Pending p = new Pending(stream);
        waiting.put(stream, p);
        return p;
    }

    private void flush() throws IOException {
        if (unsent) {
            unsent = false;
            out.flush();
        }
    }

    /** Reads frames on this thread until {@code p}'s response has ended (completing others that end meanwhile). */
    private void readUntilDone(Pending p) throws IOException {
        while (!p.isDone()) {
            int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int stream = in.readInt() & 0x7fffffff;
            Pending of = waiting.get(stream);
            if (type == TYPE_HEADERS && of != null && of.status == 0 && (flags & 0x28) == 0) { // not PADDED, PRIORITY
                byte[] head = new byte[Math.min(length, 8)];
                in.readFully(head);
                of.status = status(head);
                in.skipNBytes(length - head.length);
            } else if (type == TYPE_DATA && of != null) {
                int pad = (flags & PADDED) != 0 ? in.readUnsignedByte() + 1 : 0;
                of.body += length - pad;
                in.skipNBytes(length - ((flags & PADDED) != 0 ? 1 : 0));
            } else {
                in.skipNBytes(length);
            }
            if (type == TYPE_GOAWAY) {
                throw new IOException("the server sent GOAWAY");
            }
            if (type == TYPE_SETTINGS && (flags & ACK) == 0) {
                out.write(frameHeader(0, TYPE_SETTINGS, ACK, 0));
                out.flush();
            }
            if (type == TYPE_DATA) {
                receivedSinceTopUp += length;
                if (receivedSinceTopUp > WINDOW_TOP_UP / 2) {
                    topUpWindow();
                    out.flush();
                }
            }
            if (of != null && (type == TYPE_DATA || type == TYPE_HEADERS) && (flags & END_STREAM) != 0) {
                waiting.remove(stream);
                of.complete(new Reply(of.status, of.body));
            }
        }
    }

    /**
     * The :status at the start of a response's header block, when the server sends it first, as a static table
     * entry (indexed, 8 to 14) or a literal of the static name without Huffman, after any table size updates; else -1.
     */
    static int status(byte[] block) {
        int i = 0;
        while (i < block.length && (block[i] & 0xe0) == 0x20) { // dynamic table size update, 5-bit prefix
            if ((block[i++] & 0x1f) == 0x1f) {
                while (i < block.length && (block[i++] & 0x80) != 0) {
                    // continuation octets of the integer
                }
            }
        }
        if (i >= block.length) {
            return -1;
        }
        int b = block[i] & 0xff;
        if (b >= 0x88 && b <= 0x8e) {
            return STATIC_STATUS[b - 0x88];
        }
        boolean literalOfStatusName = b == 0x48 || b == 0x08 || b == 0x18; // with, without, never indexing; name 8
        if (literalOfStatusName && i + 4 < block.length && block[i + 1] == 3) { // 3 octets, no Huffman bit
            String digits = new String(block, i + 2, 3, StandardCharsets.US_ASCII);
            return digits.chars().allMatch(Character::isDigit) ? Integer.parseInt(digits) : -1;
        }
        return -1;
    }

    private void topUpWindow() throws IOException {
        out.write(frameHeader(4, TYPE_WINDOW_UPDATE, 0, 0));
        out.write(new byte[] {(byte) (WINDOW_TOP_UP >>> 24), 0, 0, 0});
        receivedSinceTopUp = 0;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** A response being read; {@code get} on it reads the connection on the waiting thread. */
    private final class Pending extends CompletableFuture<Reply> {
        final int stream;
        int status;
        int body;

        Pending(int stream) {
            this.stream = stream;
        }

        Reply reply() {
            return join();
        }

        @Override
        public Reply get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException {
            synchronized (FloorAdapter.this) {
                try {
                    flush();
                    readUntilDone(this);
                } catch (IOException e) {
                    completeExceptionally(e);
                }
            }
            return super.get();
        }
    }

    /** GET with :method, :scheme and :path from the static table or literal, :authority literal; no Huffman. */
    private static byte[] headerBlock(URI url) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        b.write(0x82); // :method GET
        b.write(0x86); // :scheme http
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        literal(b, 4, path); // :path, literal without indexing
        literal(b, 1, url.getHost() + ":" + url.getPort()); // :authority
        return b.toByteArray();
    }

    private static void literal(java.io.ByteArrayOutputStream b, int nameIndex, String value) {
        byte[] v = value.getBytes(StandardCharsets.US_ASCII);
        if (v.length > 126) {
            throw new IllegalArgumentException("keep the path under 127 octets: " + value);
        }
        b.write(nameIndex); // 0000xxxx: literal without indexing, indexed name (index < 15)
        b.write(v.length);
        b.write(v, 0, v.length);
    }

    private static byte[] frameHeader(int length, int type, int flags, int streamId) {
        return new byte[] {(byte) (length >>> 16), (byte) (length >>> 8), (byte) length, (byte) type, (byte) flags,
                (byte) (streamId >>> 24), (byte) (streamId >>> 16), (byte) (streamId >>> 8), (byte) streamId};
    }
}
