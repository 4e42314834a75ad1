package io.h2scope.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.testsupport.ReferenceServers;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code h2scope console} scripted through stdin against the engine's reference server. */
@Timeout(60)
class ConsoleCommandTest extends ReferenceServers {

    @Test
    void aPingIsAnsweredWithItsAckOnOneLine() {
        // no quit: at the end of the input the console reads until the peer is quiet (--linger)
        ConsoleRun run = ConsoleRun.of("ping abc\n", h2c.url());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.line("send PING").matches("\\[\\s*\\d+\\.\\d{6}] conn=\\d+ send PING +stream=0 length=8 "
                + "opaque=6162630000000000 \\| window conn send=\\d+ recv=\\d+"), run.out());
        assertTrue(run.line("recv PING").contains("flags=ACK opaque=6162630000000000"), run.out());
        assertTrue(run.line("opened client").contains(" transport=h2c"), run.out());
        assertTrue(run.line("recv SETTINGS").contains("stream=0"), "the server's SETTINGS, then our ACK of it");
        run.line("send SETTINGS      stream=0 length=0 flags=ACK");
        assertEquals("", run.err());
    }

    @Test
    void lingerIsHowLongTheEndOfTheInputWaitsForAQuietPeer() {
        ConsoleRun gone = ConsoleRun.of("get /slow?ms=1000\n", "--linger", "0", h2c.url());
        assertEquals(0, gone.exit(), gone.err());
        assertTrue(gone.out().lines().noneMatch(l -> l.contains("recv HEADERS")), "no linger: ended before the answer");
        ConsoleRun waited = ConsoleRun.of("get /slow?ms=1000\n", "--linger", "2s", h2c.url());
        assertTrue(waited.line("recv HEADERS").contains(":status: 200"), waited.out());
    }

    @Test
    void quitEndsTheSessionBeforeTheLinesAfterIt() {
        ConsoleRun run = ConsoleRun.of("quit\nping\n", h2c.url());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().lines().noneMatch(l -> l.contains("send PING")), run.out());
    }

    @Test
    void withoutAutoAckThePeersSettingsWaitForSettingsAck() {
        ConsoleRun quiet = ConsoleRun.of("wait 300\n", "--no-auto-ack", h2c.url());
        assertEquals(0, quiet.exit(), quiet.err());
        quiet.line("recv SETTINGS");
        assertTrue(quiet.out().lines().noneMatch(l -> l.contains("send SETTINGS") && l.contains("flags=ACK")), quiet.out());
        ConsoleRun acked = ConsoleRun.of("settings ack\n", "--no-auto-ack", h2c.url());
        assertTrue(acked.line("send SETTINGS      stream=0 length=0 flags=ACK").contains("| window"), acked.out());
    }

    @Test
    void headersOnAnEvenStreamEndTheConnectionWithTheCodeExplained() {
        ConsoleRun run = ConsoleRun.of("headers 2 end\nwait 5000\nping\n", h2c.url());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.line("send HEADERS").contains("stream=2 "), run.out());
        assertTrue(run.line("what was sent breaks").contains("PROTOCOL_ERROR"), run.out());
        assertTrue(run.line("recv GOAWAY").contains("error=PROTOCOL_ERROR"), run.out());
        assertTrue(run.line("the peer ends the connection: GOAWAY PROTOCOL_ERROR").contains(
                "PROTOCOL_ERROR (0x1): The endpoint detected an unspecific protocol error."), run.out());
        run.line("connection closed: ");
        assertTrue(run.out().lines().noneMatch(l -> l.contains("send PING")), "the console ended with the connection");
    }

    @Test
    void aStreamErrorOfThePeerIsExplainedToo() {
        // RFC 9113 §8.2.1: a field name with an upper-case letter makes the request malformed: a stream error
        ConsoleRun run = ConsoleRun.of("headers 1 end :method: GET; :scheme: http; :authority: a; :path: /; Bad: y\n",
                h2c.url());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.line("recv RST_STREAM").contains("stream=1 length=4 error=PROTOCOL_ERROR"), run.out());
        run.line("the peer resets stream 1: RST_STREAM PROTOCOL_ERROR on stream 1; PROTOCOL_ERROR (0x1)");
    }

    /** A folder ran nothing and exited 0; a missing file named its exception class. Both before connecting now. */
    @Test
    void aScriptThatIsAFolderOrMissingIsAUsageError(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        ConsoleRun folder = ConsoleRun.of("", "--script", dir.toString(), h2c.url());
        assertEquals(2, folder.exit(), folder.err());
        assertEquals("", folder.out());
        assertEquals("h2scope console: Invalid value for option '--script': '" + dir + "' is a directory; give a file "
                + "(see './h2scope console --help')", folder.err().strip());
        java.nio.file.Path missing = dir.resolve("none.txt");
        ConsoleRun none = ConsoleRun.of("", "--script", missing.toString(), h2c.url());
        assertEquals(2, none.exit(), none.err());
        assertEquals("h2scope console: Invalid value for option '--script': no such file '" + missing + "'; check the "
                + "path (see './h2scope console --help')", none.err().strip());
    }

    /** Zero said "timeout must be positive, got PT0S", without the flag. */
    @Test
    void aTimeoutOfZeroIsAUsageErrorNamingTheFlag() {
        ConsoleRun r = ConsoleRun.of("", "--timeout", "0", h2c.url());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope console: Invalid value for option '--timeout': '0' is no time: this wait cannot be off; "
                + "give a whole number above 0 with ms, s or m (e.g. 500ms, 10s, 2m) (see './h2scope console --help')",
                r.err().strip());
    }

    @Test
    void aBadLineGetsOneErrorLineAndTheConsoleGoesOn() {
        ConsoleRun run = ConsoleRun.of("pong\nwindow x\nget /\n", h2c.url());
        assertEquals(0, run.exit(), run.err());
        assertEquals(2, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("h2scope console: unknown command 'pong': the commands are settings, ping,"), run.err());
        assertTrue(run.err().contains("h2scope console: window: STREAM must be a number from 0 to 2147483647, got 'x' "
                + "(usage: window [STREAM] INCREMENT)"), run.err());
        assertTrue(run.line("recv HEADERS").contains("{:status: 200"), run.out());
        assertTrue(run.line("recv DATA").contains("data=\"" + ReferenceHandler.ROOT_BODY.substring(0, 10)), run.out());
    }

    @Test
    void tlsWithAlpnAndASelfSignedCertificate() {
        ConsoleRun refused = ConsoleRun.of("get /\n", tls.url());
        assertEquals(ConsoleCommand.EXIT_NO_HTTP2, refused.exit(), refused.out());
        assertTrue(refused.err().contains("add --insecure"), refused.err());
        ConsoleRun run = ConsoleRun.of("get /\n", "--insecure", tls.url());
        assertEquals(0, run.exit(), run.err());
        run.line("(TLS, ALPN h2)");
        assertTrue(run.line("opened client").matches(".* remote=127\\.0\\.0\\.1:\\d+ transport=tls tls=TLSv1\\.[23] cipher=\\S+ "
                + "alpn=h2.*"), run.out());
        assertTrue(run.line("recv HEADERS").contains("stream=1 ") && run.line("recv HEADERS").contains(":status: 200"));
    }

    @Test
    void h2cUpgradeMakesTheRequestStreamOne() {
        ConsoleRun run = ConsoleRun.of("get /\n", "--upgrade", "--settings", "ENABLE_PUSH=0", h2c.url());
        assertEquals(0, run.exit(), run.err());
        run.line("HTTP/1.1 sent: GET / HTTP/1.1");
        run.line("HTTP/1.1 received: HTTP/1.1 101");
        assertTrue(run.line("recv HEADERS").contains("stream=1 "), run.out());
        assertTrue(run.line("send HEADERS").contains("stream=3 "), "get after the upgrade takes the next odd stream");
        assertTrue(run.line("send SETTINGS").contains("SETTINGS_ENABLE_PUSH=0"), run.out());
        assertTrue(run.out().lines().noneMatch(l -> l.contains("GOAWAY")), "the preface came first: " + run.out());
    }

    @Test
    void noServerOrNoHttp2ExitsThree() throws Exception {
        int closedPort;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = gone.getLocalPort();
        }
        ConsoleRun refused = ConsoleRun.of("ping\n", "http://127.0.0.1:" + closedPort + "/");
        assertEquals(ConsoleCommand.EXIT_NO_HTTP2, refused.exit());
        assertTrue(refused.errLine().startsWith("h2scope console: cannot connect to 127.0.0.1:" + closedPort), refused.err());

        try (ServerSocket http1 = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answer = new Thread(() -> {
                try (Socket s = http1.accept(); OutputStream o = s.getOutputStream()) {
                    o.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    s.getInputStream().read(new byte[100]);
                } catch (Exception ignored) {
                    // the test judges what the console said
                }
            });
            answer.start();
            ConsoleRun run = ConsoleRun.of("ping\n", "http://127.0.0.1:" + http1.getLocalPort() + "/");
            assertEquals(ConsoleCommand.EXIT_NO_HTTP2, run.exit(), run.out());
            assertTrue(run.errLine().contains("answered the connection preface in HTTP/1: an HTTP/1 status line "
                    + "\"HTTP/1.1 400 Bad Request\""), run.err());
            answer.join(5000);
        }
    }

    @Test
    void aBadUrlOrUpgradeOverTlsIsAUsageError() {
        ConsoleRun run = ConsoleRun.of("", "--upgrade", "https://127.0.0.1:1/");
        assertEquals(2, run.exit());
        assertTrue(run.errLine().contains("--upgrade is for http:// URLs only"), run.err());
        assertEquals(2, ConsoleRun.of("", "ftp://x/").exit());
    }
}
