package io.h2scope.bench.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The least an HTTP/2 client can do per request, as a yardstick for {@link ClientBench}: one blocking
 * socket, the request as a pre-encoded HEADERS frame, frames read until that stream's END_STREAM. No
 * event loop, executor, HPACK decoding or flow-control accounting (the connection window is opened to
 * 2^30 at the start; a run stays below it). What it measures is the machine and the server.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.h2scope.bench.client.LatencyFloor http://127.0.0.1:PORT/100.txt 100000 [BATCH]
 * </pre>
 * With BATCH &gt; 1, each round trip writes BATCH requests at once and waits for all their responses, like
 * {@code ClientBench.multiplexed64}. Prints requests per second and the p50/p99 of the second half of the
 * round trips (the first half warms up the JIT and the server).
 */
public final class LatencyFloor {

    private static final int TYPE_DATA = 0;
    private static final int TYPE_HEADERS = 1;
    private static final int TYPE_SETTINGS = 4;
    private static final int TYPE_GOAWAY = 7;
    private static final int FLAG_END_STREAM = 0x1;
    private static final int FLAG_ACK = 0x1;
    private static final int MAX_BYTES_RECEIVED = 1 << 30;

    private LatencyFloor() {
    }

    /** What one run measured. */
    public record Result(int roundTrips, int batch, int responses, double requestsPerSecond, double p50Micros,
            double p99Micros) {
        @Override
        public String toString() {
            return String.format("%.0f req/s; round trip p50 %.1f us, p99 %.1f us (the last %d of %d, %d request(s) each)",
                    requestsPerSecond, p50Micros, p99Micros, roundTrips - roundTrips / 2, roundTrips, batch);
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: LatencyFloor http://HOST:PORT/PATH ROUND_TRIPS [BATCH]   (h2c by prior knowledge)");
            System.exit(2);
        }
        System.out.println(run(URI.create(args[0]), Integer.parseInt(args[1]), args.length > 2 ? Integer.parseInt(args[2]) : 1));
    }

    /** Runs {@code roundTrips} round trips of {@code batch} GETs each on one h2c connection to {@code url}. */
    public static Result run(URI url, int roundTrips, int batch) throws IOException {
        if (!"http".equals(url.getScheme()) || url.getPort() < 0 || roundTrips < 2 || batch < 1 || batch > 1000) {
            throw new IllegalArgumentException("need an http://host:port/ URL, at least 2 round trips, a batch of 1..1000");
        }
        long[] nanos = new long[roundTrips];
        int responses = 0;
        try (Socket socket = new Socket(url.getHost(), url.getPort())) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
            out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(frameHeader(0, TYPE_SETTINGS, 0, 0));
            out.write(frameHeader(4, 8, 0, 0)); // WINDOW_UPDATE on the connection:
            out.write(new byte[] {0x40, 0, 0, 0}); // + 2^30
            out.flush();
            byte[] block = headerBlock(url);
            long received = 0;
            int streamId = 1;
            for (int i = 0; i < roundTrips; i++) {
                ByteArrayOutputStream requests = new ByteArrayOutputStream();
                for (int b = 0; b < batch; b++) {
                    requests.write(frameHeader(block.length, TYPE_HEADERS, 0x5, streamId + 2 * b)); // END_STREAM | END_HEADERS
                    requests.write(block);
                }
                long start = System.nanoTime();
                out.write(requests.toByteArray());
                out.flush();
                int ended = 0;
                while (ended < batch) {
                    int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
                    int type = in.readUnsignedByte();
                    int flags = in.readUnsignedByte();
                    in.readInt();
                    received += length;
                    if (type == TYPE_GOAWAY) {
                        throw new IOException("the server sent GOAWAY after " + i + " round trips");
                    }
                    in.skipNBytes(length);
                    if (type == TYPE_SETTINGS && (flags & FLAG_ACK) == 0) {
                        out.write(frameHeader(0, TYPE_SETTINGS, FLAG_ACK, 0));
                        out.flush();
                    }
                    if ((type == TYPE_DATA || type == TYPE_HEADERS) && (flags & FLAG_END_STREAM) != 0) {
                        ended++;
                        responses++;
                    }
                }
                nanos[i] = System.nanoTime() - start;
                streamId += 2 * batch;
                if (received > MAX_BYTES_RECEIVED || streamId < 0) {
                    throw new IOException("run too long for one connection: fewer round trips, please");
                }
            }
        }
        long total = 0;
        for (long n : nanos) {
            total += n;
        }
        long[] measured = Arrays.copyOfRange(nanos, roundTrips / 2, roundTrips);
        Arrays.sort(measured);
        return new Result(roundTrips, batch, responses, (double) roundTrips * batch / (total / 1e9),
                measured[measured.length / 2] / 1e3, measured[(int) (measured.length * 0.99)] / 1e3);
    }

    /** GET with :method, :scheme and :path from the static table or literal, :authority literal; no Huffman. */
    private static byte[] headerBlock(URI url) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0x82); // :method GET
        b.write(0x86); // :scheme http
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        literal(b, 4, path); // :path, literal without indexing
        literal(b, 1, url.getHost() + ":" + url.getPort()); // :authority
        return b.toByteArray();
    }

    private static void literal(ByteArrayOutputStream b, int nameIndex, String value) throws IOException {
        byte[] v = value.getBytes(StandardCharsets.US_ASCII);
        if (v.length > 126) {
            throw new IllegalArgumentException("keep the path under 127 octets: " + value);
        }
        b.write(nameIndex); // 0000xxxx: literal without indexing, indexed name (index < 15)
        b.write(v.length);
        b.write(v);
    }

    private static byte[] frameHeader(int length, int type, int flags, int streamId) {
        return new byte[] {(byte) (length >>> 16), (byte) (length >>> 8), (byte) length, (byte) type, (byte) flags,
                (byte) (streamId >>> 24), (byte) (streamId >>> 16), (byte) (streamId >>> 8), (byte) streamId};
    }
}
