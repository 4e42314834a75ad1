package io.h2scope.conformance.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.targets.launch.LocalProcessTarget;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.H2Response;
import io.h2scope.engine.client.ProtocolNegotiationException;

import java.io.IOException;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's client with {@code h2cUpgrade(true)} (RFC 7540 §3.2) against real servers run as local
 * processes from their Debian packages (docker-targets/NAME): apache2 with mod_http2 upgrades; nginx's
 * h2c listener does not. (nghttpd, which does not upgrade either, is in the engine's H2ClientUpgradeTest.) Skipped, naming the package, when a binary is missing.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ClientH2cUpgradeRealServersTest {

    @TempDir
    Path work;

    private static TargetSpec spec(String name) {
        TargetSpec spec = TargetRegistry.locateUnchecked().get(name);
        assumeTrue(spec.locallyAvailable(), () -> spec.unavailableReason() + " (apt-get install " + name + ")");
        return spec;
    }

    @Test
    void apache2UpgradesAGet() throws Exception {
        try (LocalProcessTarget apache = LocalProcessTarget.start(spec("apache2"), readableByWorkers(work).resolve("state"));
                H2Client client = H2Client.newBuilder().h2cUpgrade(true).build()) {
            H2Response<String> r = client.get("http://" + apache.h2c().orElseThrow().authority() + "/index.html");
            assertEquals(200, r.status());
            assertTrue(r.body().contains("hello from apache2"), r.body());
            assertEquals(1, r.streamId(), "RFC 7540 §3.2: the upgraded GET is stream 1");
        }
    }

    /**
     * apache2 2.4.71 (mod_http2 2.0.42) ends an upgraded connection with GOAWAY NO_ERROR "timeout" (last
     * stream 1) the first time its session waits for input: it serves only the frames that came with the
     * client preface (curl --http2 sees the same GOAWAY). The requests made during the upgrade leave with
     * the preface; any that apache refuses by that GOAWAY are retried on a new connection (RFC 9113 §8.7),
     * so every one is answered. Each new connection is an upgrade of its own, which apache may cut short the
     * same way (it also refuses streams with REFUSED_STREAM then): on a loaded machine a request can be refused
     * on more connections in a row than the default two retries allow, so this test allows more.
     */
    @Test
    void apache2AnswersRequestsMadeDuringTheUpgrade() throws Exception {
        try (LocalProcessTarget apache = LocalProcessTarget.start(spec("apache2"), readableByWorkers(work).resolve("state"));
                H2Client client = H2Client.newBuilder().h2cUpgrade(true).maxRetries(6).build()) {
            String url = "http://" + apache.h2c().orElseThrow().authority() + "/index.html";
            List<CompletableFuture<H2Response<String>>> all = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                all.add(client.sendAsync(H2Request.newBuilder(url).build(), BodyHandlers.ofString()));
            }
            for (CompletableFuture<H2Response<String>> f : all) {
                H2Response<String> r = f.get(30, TimeUnit.SECONDS);
                assertEquals(200, r.status());
                assertTrue(r.body().contains("hello from apache2"), r.body());
            }
            assertEquals(1, all.get(0).get().streamId(), "the first request rode the upgrade");
        }
    }

    /** Started by root, apache's workers run as www-data and must traverse the 0700 temp dir to the document root. */
    private static Path readableByWorkers(Path dir) throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    @Test
    void nginxH2cListenerDoesNotUpgradeAndTheErrorSaysSo() throws Exception {
        try (LocalProcessTarget nginx = LocalProcessTarget.start(spec("nginx"), readableByWorkers(work).resolve("state"));
                H2Client client = H2Client.newBuilder().h2cUpgrade(true).build()) {
            String url = "http://" + nginx.h2c().orElseThrow().authority() + "/";
            IOException e = assertThrows(IOException.class, () -> client.get(url));
            assertInstanceOf(ProtocolNegotiationException.class, e, e.toString());
            assertTrue(e.getMessage().contains("does not do h2c upgrade"), e.getMessage());
            // nginx 1.22's "listen ... http2" without TLS speaks prior knowledge only: its SETTINGS come at once
            assertTrue(e.getMessage().contains("an HTTP/2 SETTINGS frame at once"), e.getMessage());
            try (H2Client prior = H2Client.newBuilder().build()) {
                assertEquals(200, prior.get(url).status(), "prior knowledge works on the same port");
            }
        }
    }
}
