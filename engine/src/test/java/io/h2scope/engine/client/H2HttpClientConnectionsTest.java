package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The drop-in with its defaults opens a second connection only when the first is full. */
@Timeout(60)
class H2HttpClientConnectionsTest {

    @Test
    void sixtyFourInFlightShareOneConnectionWithinTheServersLimit() throws Exception {
        try (H2Server server = ReferenceServer.start(ReferenceServer.Options.h2c());
             H2HttpClient client = new H2HttpClient(H2Client.newBuilder().build())) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(server.url())).build();
            // the first batch is sent before any connection exists: all 64 wait for the first one's SETTINGS
            for (int batch = 0; batch < 20; batch++) {
                List<CompletableFuture<HttpResponse<byte[]>>> inFlight = new ArrayList<>();
                for (int i = 0; i < 64; i++) {
                    inFlight.add(client.sendAsync(request, BodyHandlers.ofByteArray()));
                }
                for (CompletableFuture<HttpResponse<byte[]>> f : inFlight) {
                    assertEquals(200, f.get(10, TimeUnit.SECONDS).statusCode());
                }
                assertEquals(1, client.engine().connectionCount(), "connections after batch " + batch);
            }
        }
    }
}
