package io.h2scope.bench.hpack;

import io.h2scope.bench.hpack.peer.Field;
import java.util.List;

/**
 * A typical first request from a desktop browser: 14 fields: the 4 pseudo-header fields, user-agent,
 * the accept family, client hints, a fetch hint and a cookie of about 100 bytes.
 */
public final class BrowserRequest {

    private BrowserRequest() {
    }

    public static final List<Field> FIELDS = List.of(
            new Field(":method", "GET"),
            new Field(":scheme", "https"),
            new Field(":authority", "www.example.com"),
            new Field(":path", "/products/index.html?category=shoes&page=2"),
            new Field("sec-ch-ua", "\"Chromium\";v=\"131\", \"Not_A Brand\";v=\"24\""),
            new Field("sec-ch-ua-mobile", "?0"),
            new Field("sec-ch-ua-platform", "\"Linux\""),
            new Field("upgrade-insecure-requests", "1"),
            new Field("user-agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"
                    + " Chrome/131.0.0.0 Safari/537.36"),
            new Field("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
                    + "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"),
            new Field("sec-fetch-dest", "document"),
            new Field("accept-encoding", "gzip, deflate, br, zstd"),
            new Field("accept-language", "en-US,en;q=0.9,de;q=0.8"),
            new Field("cookie", "session=4f2a9c1e7b3d5f60a8e2c4b6d8f0a1c3; theme=dark; consent=granted;"
                    + " _ga=GA1.2.1234567890.1700000000"));

    /**
     * The smallest complete request, all three fields indexed from the static table (RFC 7541 Appendix A):
     * {@code 0x82} :method GET, {@code 0x87} :scheme https, {@code 0x84} :path /. (A block of 0x82 alone is
     * decoded by every library too, but Jetty then refuses it as a request without :scheme and :path.)
     */
    public static final byte[] STATIC_INDEXED_BLOCK = {(byte) 0x82, (byte) 0x87, (byte) 0x84};

    public static final List<Field> STATIC_INDEXED_FIELDS = List.of(
            new Field(":method", "GET"), new Field(":scheme", "https"), new Field(":path", "/"));
}
