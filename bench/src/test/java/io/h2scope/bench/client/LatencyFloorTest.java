package io.h2scope.bench.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The yardstick client really completes its requests against an h2c server, one at a time and in batches. */
class LatencyFloorTest {

    private static H2cBodyServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new H2cBodyServer("0123456789".repeat(10).getBytes(StandardCharsets.US_ASCII));
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void oneRequestPerRoundTripGetsEveryResponse() throws Exception {
        LatencyFloor.Result r = LatencyFloor.run(URI.create(server.url("/100.txt")), 200, 1);
        assertEquals(200, r.responses());
        assertTrue(r.p50Micros() > 0 && r.p99Micros() >= r.p50Micros(), r.toString());
    }

    @Test
    void batchesWaitForAllTheirResponses() throws Exception {
        LatencyFloor.Result r = LatencyFloor.run(URI.create(server.url("/100.txt")), 20, 16);
        assertEquals(320, r.responses());
    }

    @Test
    void refusesWhatItCannotMeasure() {
        assertThrows(IllegalArgumentException.class, () -> LatencyFloor.run(URI.create("https://127.0.0.1:1/"), 10, 1));
        assertThrows(IllegalArgumentException.class, () -> LatencyFloor.run(URI.create(server.url("/")), 1, 1));
    }
}
