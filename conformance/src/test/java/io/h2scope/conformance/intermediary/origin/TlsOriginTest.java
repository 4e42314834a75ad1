package io.h2scope.conformance.intermediary.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.front.FrontAnswer;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.engine.transport.tls.PemFiles;
import io.h2scope.engine.transport.tls.SslContexts;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The TLS h2 origin: a client that trusts the CA made for the run, names {@code localhost} and offers ALPN h2 gets its
 * ordinary answer, and the request arrives as at the h2c origin; the case set toward it is the h2c one. Closed, it
 * leaves no CA behind.
 */
class TlsOriginTest {

    @Test
    void aClientTrustingTheRunsCaGetsTheOrdinaryAnswerOverAlpnH2() throws Exception {
        Path caFile;
        try (Origin origin = Origin.start(OriginKind.H2, 0)) {
            assertEquals(OriginKind.H2C, origin.kind().framing());
            caFile = origin.caFile().orElseThrow();
            var ca = PemFiles.readCertificates(caFile);
            InetSocketAddress address = new InetSocketAddress(InetAddress.getByAddress(OriginTls.HOST,
                    new byte[] {127, 0, 0, 1}), origin.port());
            FrontClient client = new FrontClient(address, SslContexts.clientTrusting(ca), Duration.ofSeconds(20));
            Marker m = Marker.fresh();
            origin.arrivals().expect(m);
            FrontAnswer answer = client.send(ProxyRequest.get(m, client.authority()).build());
            assertEquals(FrontAnswer.response(200), answer);
            List<Arrival> arrived = origin.arrivals().of(m);
            assertEquals(1, arrived.size());
            assertEquals(OriginKind.H2C, arrived.get(0).kind(), "framed as h2c, so the h2c looks apply");
            assertTrue(arrived.get(0).target().contains(m.value()));
        }
        assertFalse(Files.exists(caFile.getParent()), "the closed origin left its CA's folder " + caFile.getParent());
    }
}
