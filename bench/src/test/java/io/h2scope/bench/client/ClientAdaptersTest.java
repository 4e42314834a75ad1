package io.h2scope.bench.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What ClientBench's setup relies on, run once in the build so a broken adapter fails here and not in
 * JMH: every library fetches the whole body, over HTTP/2, on one connection, sequentially and with
 * {@value ClientAdapter#MULTIPLEXED} requests in flight.
 */
class ClientAdaptersTest {

    private static final byte[] BODY = "0123456789".repeat(10).getBytes(StandardCharsets.US_ASCII);
    private static H2cBodyServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new H2cBodyServer(BODY);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    static List<String> libs() {
        return ClientAdapter.LIBS;
    }

    @ParameterizedTest
    @MethodSource("libs")
    void fetchesTheBodyOverHttp2OnOneConnection(String lib) throws Exception {
        int before = server.seen().size();
        try (ClientAdapter adapter = ClientAdapter.open(lib, URI.create(server.url("/100.txt")))) {
            assertEquals(lib, adapter.name());
            for (int i = 0; i < 3; i++) {
                assertEquals(new Reply(200, BODY.length), adapter.get());
            }
            List<CompletableFuture<Reply>> batch = new ArrayList<>();
            for (int i = 0; i < ClientAdapter.MULTIPLEXED; i++) {
                batch.add(adapter.getAsync());
            }
            for (CompletableFuture<Reply> f : batch) {
                assertEquals(new Reply(200, BODY.length), f.get(30, TimeUnit.SECONDS));
            }
        }
        List<H2cBodyServer.Seen> mine = server.seen().subList(before, server.seen().size());
        assertEquals(1 + 3 + ClientAdapter.MULTIPLEXED, mine.size(), "requests the server answered");
        assertEquals(1, mine.stream().map(H2cBodyServer.Seen::connection).distinct().count(),
                "connections used: " + mine);
        // the JDK client's first request is the HTTP/1.1 Upgrade one; everything after it must be HTTP/2
        assertTrue(mine.subList(1, mine.size()).stream().allMatch(s -> s.version().equals("HTTP/2.0")), mine::toString);
    }

    @Test
    void theFloorReadsTheStatusOnlyWhenItComesFirstAndPlain() {
        assertEquals(200, FloorAdapter.status(new byte[] {(byte) 0x88}));
        assertEquals(404, FloorAdapter.status(new byte[] {(byte) 0x8d, 0x5f}));
        assertEquals(304, FloorAdapter.status(new byte[] {0x3f, (byte) 0xe1, 0x1f, (byte) 0x8b})); // size update 4096 first
        assertEquals(503, FloorAdapter.status(new byte[] {0x48, 3, '5', '0', '3'}));
        assertEquals(-1, FloorAdapter.status(new byte[] {0x48, (byte) 0x82, 0x64, 0x02})); // Huffman-coded "200"
        assertEquals(-1, FloorAdapter.status(new byte[] {0x48, 3, '2', '0'})); // cut short
        assertEquals(-1, FloorAdapter.status(new byte[] {(byte) 0x82})); // :method first
    }

    @Test
    void refusesAnUnknownLibraryAndANonH2cUrl() {
        assertThrows(IllegalArgumentException.class, () -> ClientAdapter.open("curl", URI.create(server.url("/"))));
        assertThrows(IllegalArgumentException.class, () -> ClientAdapter.open("jdk", URI.create("https://127.0.0.1:1/")));
    }

    @Test
    void benchmarkRefusesToRunWithoutAServerUrl() {
        System.clearProperty(ClientBench.URL_PROPERTY);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ClientBench.serverUrl(""));
        assertTrue(e.getMessage().contains("-p url="), e.getMessage());
        assertEquals(URI.create("http://127.0.0.1:8080/x"), ClientBench.serverUrl("http://127.0.0.1:8080/x"));
    }
}
