package io.h2scope.engine.server;

/**
 * How many bytes of request bodies the server may hold in memory for {@link ServerExchange#readBody}
 * (the reference server's /echo, and any handler that buffers a whole body). A chunk that would go over
 * any of the three fails the read with a {@link StreamClosedException} naming the budget; the rest of the body
 * is dropped (no more stream credit), and once the handler has answered (a 413, say) the client is told to stop
 * with RST_STREAM NO_ERROR. The bytes are given back when the stream ends. Streaming bodies ({@code onBody}) are
 * bounded by flow control instead.
 *
 * @param perStream     one stream's buffered body; below the {@code readBody} maximum it wins. Default 16 MiB
 * @param perConnection all streams of one connection. Default 64 MiB
 * @param perServer     all connections together. Default a quarter of the maximum heap
 */
public record BodyBudgets(long perStream, long perConnection, long perServer) {

    public static BodyBudgets defaults() {
        return new BodyBudgets(16L << 20, 64L << 20, Runtime.getRuntime().maxMemory() / 4);
    }

    public BodyBudgets {
        positive("maxBufferedBodyBytesPerStream", perStream);
        positive("maxBufferedBodyBytesPerConnection", perConnection);
        positive("maxBufferedBodyBytesPerServer", perServer);
    }

    private static void positive(String name, long v) {
        if (v < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + v);
        }
    }
}
