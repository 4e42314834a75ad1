package io.h2scope.engine.transport.http1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.transport.FakeH2Handlers;
import io.h2scope.engine.transport.NioServer;
import io.h2scope.engine.transport.TransportConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A real cleartext port on 127.0.0.1, spoken to by a plain Socket and by curl. */
@Timeout(60)
class CleartextPortTest {

    private static final Path CURL = Path.of("/usr/bin/curl");
    private static FakeH2Handlers h2;
    private static NioServer server;

    @BeforeAll
    static void start() throws IOException {
        h2 = new FakeH2Handlers();
        server = NioServer.start(TransportConfig.defaults().withName("h2c-test").withLoopThreads(1),
                new InetSocketAddress("127.0.0.1", 0), ServerProtocols.cleartext(h2, Http1Limits.defaults()));
    }

    @AfterAll
    static void stop() {
        assertTrue(server.stop(Await.PATIENCE));
    }

    @Test
    void plainHttp11RequestGetsTheClearAnswerAndEof() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout((int) Await.PATIENCE.toMillis());
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8); // EOF, not a hang
            assertTrue(response.startsWith("HTTP/1.1 426 Upgrade Required\r\n"), response);
            assertTrue(response.contains("This server speaks HTTP/2 only."), response);
        }
    }

    @Test
    @DisplayName("RFC 9113 §3.3: prior knowledge over a socket reaches the h2 side")
    void priorKnowledgeReachesTheH2Side_rfc9113_3_3() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout((int) Await.PATIENCE.toMillis());
            socket.getOutputStream().write(Preface.bytes());
            byte[] answer = socket.getInputStream().readNBytes(FakeH2Handlers.ANSWER.length());
            assertEquals(FakeH2Handlers.ANSWER, new String(answer, StandardCharsets.US_ASCII));
        }
    }

    @Test
    void curlHttp11GetsTheClearAnswer() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CURL), "curl is not installed at /usr/bin/curl");
        Process curl = new ProcessBuilder(CURL.toString(), "-sS", "-i", "--http1.1",
                "--max-time", String.valueOf(Await.PATIENCE.toSeconds()),
                "http://127.0.0.1:" + server.port() + "/").redirectErrorStream(true).start();
        String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(curl.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS), "curl finished");
        assertEquals(0, curl.exitValue(), output);
        assertTrue(output.startsWith("HTTP/1.1 426 Upgrade Required"), output);
        assertTrue(output.contains("This server speaks HTTP/2 only."), output);
    }

    @Test
    @DisplayName("RFC 7540 §3.2: curl --http2 on cleartext sends an Upgrade: h2c we accept and decode")
    void curlUpgradeIsAcceptedAndItsSettingsDecoded_rfc7540_3_2() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CURL), "curl is not installed at /usr/bin/curl");
        Process curl = new ProcessBuilder(CURL.toString(), "-sS", "--http2",
                "--max-time", String.valueOf(Await.PATIENCE.toSeconds()),
                "http://127.0.0.1:" + server.port() + "/up").redirectErrorStream(true).start();
        H2cUpgrade upgrade = h2.upgrade.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        curl.destroy(); // the fake h2 side cannot go on speaking HTTP/2 with curl
        assertTrue(curl.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals("/up", upgrade.request().target());
        assertTrue(upgrade.settingsPayload().length > 0 && upgrade.settingsPayload().length % 6 == 0);
    }
}
