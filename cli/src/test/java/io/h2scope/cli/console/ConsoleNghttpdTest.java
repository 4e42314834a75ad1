package io.h2scope.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code h2scope console} against a real peer: nghttpd (Debian nghttp2-server), h2c and TLS. */
@Timeout(60)
class ConsoleNghttpdTest {

    private static final Path NGHTTPD = Path.of("/usr/sbin/nghttpd");
    private static final String BODY = "hello from nghttpd\n";

    @TempDir
    static Path dir;
    static Process h2c;
    static Process tls;
    static int h2cPort;
    static int tlsPort;

    @BeforeAll
    static void start() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(NGHTTPD), "nghttpd not installed (apt-get install nghttp2-server)");
        Path www = Files.createDirectories(dir.resolve("www"));
        Files.writeString(www.resolve("index.html"), BODY);
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        SelfSignedCertificate.generate("localhost", "127.0.0.1").writePem(cert, key);
        h2cPort = freePort();
        h2c = launch("h2c", List.of("--no-tls", "-a", "127.0.0.1", "-d", www.toString(), String.valueOf(h2cPort)), h2cPort);
        tlsPort = freePort();
        tls = launch("tls", List.of("-a", "127.0.0.1", "-d", www.toString(), String.valueOf(tlsPort), key.toString(),
                cert.toString()), tlsPort);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        for (Process p : new Process[] {h2c, tls}) {
            if (p != null) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void pingAck() {
        ConsoleRun run = ConsoleRun.of("ping 0x0102030405060708\n", "http://127.0.0.1:" + h2cPort + "/");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.line("recv PING").contains("flags=ACK opaque=0102030405060708"), run.out());
    }

    @Test
    void headersOnAnEvenStreamGetGoawayProtocolErrorExplained() {
        ConsoleRun run = ConsoleRun.of("headers 2 end\nwait 5000\n", "http://127.0.0.1:" + h2cPort + "/");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.line("recv GOAWAY").contains("error=PROTOCOL_ERROR"), run.out());
        run.line("the peer ends the connection: GOAWAY PROTOCOL_ERROR (last_stream=0");
        run.line("PROTOCOL_ERROR (0x1): The endpoint detected an unspecific protocol error.");
    }

    @Test
    void anUpgradeItDoesNotSpeakExitsThree() {
        // nghttpd --no-tls speaks h2c by prior knowledge only: its SETTINGS come at once, no 101
        ConsoleRun run = ConsoleRun.of("get /\n", "--upgrade", "http://127.0.0.1:" + h2cPort + "/");
        assertEquals(ConsoleCommand.EXIT_NO_HTTP2, run.exit(), run.out());
        assertTrue(run.errLine().contains("without switching to HTTP/2"), run.err());
    }

    @Test
    void getOverTls() {
        ConsoleRun run = ConsoleRun.of("get /\n", "--insecure", "https://127.0.0.1:" + tlsPort + "/");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.line("recv HEADERS").contains(":status: 200"), run.out());
        assertTrue(run.line("recv DATA").contains("data=\"hello from nghttpd\\n\""), run.out());
    }

    private static Process launch(String name, List<String> args, int port) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(NGHTTPD.toString()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("nghttpd-" + name + ".log").toFile()).start();
        Await.until(() -> !process.isAlive() || listening(port), "nghttpd (" + name + ") listening on " + port);
        if (!process.isAlive()) {
            throw new IOException("nghttpd (" + name + ") exited with " + process.exitValue() + "; see " + dir);
        }
        return process;
    }

    private static boolean listening(int port) {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
