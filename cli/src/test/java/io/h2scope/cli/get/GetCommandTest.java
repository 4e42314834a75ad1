package io.h2scope.cli.get;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.testsupport.ReferenceServers;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

@Timeout(60)
class GetCommandTest extends ReferenceServers {

    /** {@code [  0.000120] conn=1 send HEADERS stream=1 ... | window conn send=N recv=N, stream send=N recv=N | state}. */
    private static final Pattern FRAME_LINE = Pattern.compile(
            "\\[\\s*\\d+\\.\\d{6}] conn=\\d+ (send|recv) [A-Z_]+ .* \\| window conn send=-?\\d+ recv=-?\\d+.*");

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cli = H2scopeCommand.commandLine(new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == GetCommand.class ? type.cast(new GetCommand(out)) : CommandLine.defaultFactory().create(type);
            }
        });
        cli.setErr(new PrintWriter(err, true));
        String[] withCommand = new String[args.length + 1];
        withCommand[0] = "get";
        System.arraycopy(args, 0, withCommand, 1, args.length);
        int exit = cli.execute(withCommand);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString());
    }

    @Test
    void printsTheBody() {
        Run r = run(h2c.url());
        assertEquals(0, r.exit(), r.err());
        assertEquals(ReferenceHandler.ROOT_BODY, r.out());
        assertEquals("", r.err());
    }

    @Test
    void verbosePrintsEveryFrameOnOneLineWithWindows() {
        Run r = run("-v", h2c.url());
        assertEquals(0, r.exit(), r.err());
        assertEquals(ReferenceHandler.ROOT_BODY, r.out());
        List<String> lines = r.err().lines().toList();
        assertTrue(lines.stream().allMatch(l -> FRAME_LINE.matcher(l).matches()), r.err());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" send SETTINGS ")), r.err());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" send HEADERS ") && l.contains(":path: /")
                && l.contains("stream send=")), r.err());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" recv HEADERS ") && l.contains(":status: 200")), r.err());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" recv DATA ") && l.contains("flags=END_STREAM")), r.err());
    }

    @Test
    void untrustedCertificateFailsWithAHintAtInsecureUnlessInsecure() {
        Run refused = run(tls.url());
        assertEquals(1, refused.exit());
        assertEquals("h2scope get: the certificate of 127.0.0.1:" + tls.port() + " is not trusted (self-signed, or "
                + "issued by a CA the trust store lacks): add --insecure to accept any certificate, or add the "
                + "server's CA to the Java trust store (-Djavax.net.ssl.trustStore=FILE in H2SCOPE_JAVA_OPTS)",
                oneLine(refused.err()));
        Run accepted = run("--insecure", tls.url());
        assertEquals(0, accepted.exit(), accepted.err());
        assertEquals(ReferenceHandler.ROOT_BODY, accepted.out());
    }

    @Test
    void postsDataFromAFileWithHeadersAndWritesToAFile(@TempDir Path dir) throws Exception {
        Path in = Files.writeString(dir.resolve("in.txt"), "file body");
        Path out = dir.resolve("out.bin");
        Run r = run("-d", "@" + in, "-H", "content-type: text/x-test", "-o", out.toString(), h2c.url() + "echo");
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.out());
        assertEquals("file body", Files.readString(out));
        Run headers = run("-X", "PUT", "-d", "x", "-H", "x-custom: yes", h2c.url() + "headers");
        assertTrue(headers.out().contains("\"PUT\"") && headers.out().contains("x-custom"), headers.out());
    }

    @Test
    void h2cUpgradeShowsTheHttp11ExchangeBeforeTheFrames_rfc7540_3_2() {
        Run r = run("--h2c-upgrade", "-v", h2c.url());
        assertEquals(0, r.exit(), r.err());
        assertEquals(ReferenceHandler.ROOT_BODY, r.out());
        List<String> lines = r.err().lines().toList();
        assertTrue(lines.get(0).matches("conn=\\d+ send HTTP/1\\.1 GET / HTTP/1\\.1 \\{Host: .*; "
                + "Connection: Upgrade, HTTP2-Settings; Upgrade: h2c; HTTP2-Settings: [A-Za-z0-9_-]*}"), lines.get(0));
        assertTrue(lines.get(1).matches("conn=\\d+ recv HTTP/1\\.1 HTTP/1\\.1 101 Switching Protocols \\{.*Upgrade: h2c.*}"),
                lines.get(1));
        List<String> frames = lines.subList(2, lines.size());
        assertTrue(frames.stream().allMatch(l -> FRAME_LINE.matcher(l).matches()), r.err());
        assertTrue(frames.stream().anyMatch(l -> l.contains(" recv HEADERS ") && l.contains("stream=1 ")
                && l.contains(":status: 200")), "the response on stream 1: " + r.err());
        assertTrue(frames.stream().noneMatch(l -> l.contains(" send HEADERS ")), "the request went over HTTP/1.1: " + r.err());
    }

    @Test
    void h2cUpgradeWithABodyPostsOnStream3() {
        Run r = run("--h2c-upgrade", "-v", "-d", "upgrade body", "-H", "content-type: text/plain", h2c.url() + "echo");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("upgrade body"), r.out());
        assertTrue(r.err().lines().anyMatch(l -> l.contains(" send HTTP/1.1 OPTIONS * HTTP/1.1 ")), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.contains(" send HEADERS ") && l.contains("stream=3 ")
                && l.contains(":method: POST")), r.err());
    }

    @Test
    void h2cUpgradeWithHttpsIsAUsageError() {
        Run r = run("--h2c-upgrade", tls.url());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--h2c-upgrade is for http:// URLs only"), r.err());
    }

    @Test
    void aBadHeaderLineIsAUsageErrorThatSaysWhy() {
        Run r = run("-H", "x-ok: 1", "-H", "no colon here", "http://127.0.0.1:1/");
        assertEquals(2, r.exit(), r.err());
        assertTrue(oneLine(r.err()).contains("-H wants 'name: value', got 'no colon here'"), r.err());
        Run pseudo = run("-H", ":path: /other", "http://127.0.0.1:1/");
        assertEquals(2, pseudo.exit(), pseudo.err());
        assertTrue(oneLine(pseudo.err()).contains("-H ':path' is a pseudo-header"), pseudo.err());
    }

    /** The only line of {@code err}: an error is one line, never a usage dump or a stack trace. */
    private static String oneLine(String err) {
        List<String> lines = err.lines().toList();
        assertEquals(1, lines.size(), err);
        return lines.get(0);
    }

    @Test
    void unknownHostSaysSo() {
        Run r = run("http://nosuch.invalid/");
        assertEquals(1, r.exit(), r.err());
        assertEquals("h2scope get: cannot resolve host 'nosuch.invalid' (unknown host): check the host name",
                oneLine(r.err()));
    }

    @Test
    void refusedConnectionNamesTheAddress() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        Run r = run("http://127.0.0.1:" + closedPort + "/");
        assertEquals(1, r.exit(), r.err());
        assertEquals("h2scope get: cannot connect to 127.0.0.1:" + closedPort + ": Connection refused: check the host "
                + "and port, and that a server is listening there", oneLine(r.err()));
    }

    @Test
    void aUrlOfAnotherSchemeIsAUsageError() {
        Run r = run("ftp://example.com/");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope get: not an http:// or https:// URL with a host: ftp://example.com/; give a URL such as "
                + "https://example.com/ or http://127.0.0.1:8080/path (see './h2scope get --help')", oneLine(r.err()));
    }

    @Test
    void dataFromAMissingFileIsAUsageError(@TempDir Path dir) {
        Path missing = dir.resolve("body.txt");
        Run r = run("-d", "@" + missing, h2c.url());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope get: -d @" + missing + ": no such file '" + missing + "'; check the path, or drop the @ "
                + "to send the text itself (see './h2scope get --help')", oneLine(r.err()));
    }

    @Test
    void aTimeoutThatIsNotADurationIsAUsageErrorOnOneLine() {
        Run r = run("--timeout", "abc", h2c.url());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope get: Invalid value for option '--timeout': 'abc' is not a duration: give a whole number "
                + "above 0 with ms, s or m (e.g. 500ms, 10s, 2m) (see './h2scope get --help')", oneLine(r.err()));
    }

    /** Zero, below it, and one past the longest: each a usage error naming the flag (0 said "was PT0S", the last crashed). */
    @Test
    void aTimeoutOfNothingOrBeyondAYearIsAUsageErrorOnOneLine() {
        Run zero = run("--timeout", "0", h2c.url());
        assertEquals(2, zero.exit(), zero.err());
        assertEquals("h2scope get: Invalid value for option '--timeout': '0' is no time: this wait cannot be off; "
                + "give a whole number above 0 with ms, s or m (e.g. 500ms, 10s, 2m) (see './h2scope get --help')", oneLine(zero.err()));
        Run huge = run("--timeout", "99999999999", h2c.url());
        assertEquals(2, huge.exit(), huge.err());
        assertEquals("h2scope get: Invalid value for option '--timeout': '99999999999' is longer than a year: give at "
                + "most 525600m (see './h2scope get --help')", oneLine(huge.err()));
        Run longest = run("--timeout", "525601m", h2c.url());
        assertEquals(2, longest.exit(), longest.err());
        assertEquals("h2scope get: Invalid value for option '--timeout': '525601m' is longer than a year: give at most "
                + "525600m (see './h2scope get --help')", oneLine(longest.err()));
    }

    /** Both were sent, and the server's RST_STREAM PROTOCOL_ERROR was all the user saw (exit 1). */
    @Test
    void aMethodThatIsNoTokenIsAUsageErrorOnOneLine() {
        Run r = run("-X", "G ET", h2c.url());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope get: -X 'G ET' is not a method: a method is a token, without spaces or separators such as "
                + "' ' (RFC 9110 §9.1) (see './h2scope get --help')", oneLine(r.err()));
        r = run("-X", "", h2c.url());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope get: -X '' is not a method: give one such as GET, POST or PUT (RFC 9110 §9.1) "
                + "(see './h2scope get --help')", oneLine(r.err()));
    }

    /** Checked only once the response came: the request was sent for nothing. */
    @Test
    void anOutputThatIsAFolderIsAUsageErrorBeforeConnecting(@TempDir Path dir) throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Run r = run("-o", dir.toString(), "http://127.0.0.1:" + silent.getLocalPort() + "/");
            assertEquals(2, r.exit(), r.err());
            assertEquals("h2scope get: Invalid value for option '--output': '" + dir + "' is a directory; give a file "
                    + "(see './h2scope get --help')", oneLine(r.err()));
        }
    }

    @Test
    void aPortOutOfRangeIsAUsageErrorOnOneLine() {
        Run r = run("http://127.0.0.1:99999/");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope get: port 99999 is not 1..65535 in http://127.0.0.1:99999/; give a URL such as "
                + "https://example.com/ or http://127.0.0.1:8080/path (see './h2scope get --help')", oneLine(r.err()));
    }

    @Test
    void aTimeoutTakesADurationOrABareNumberOfSeconds() {
        Run r = run("--timeout", "5s", h2c.url());
        assertEquals(0, r.exit(), r.err());
        r = run("--timeout", "5", h2c.url());
        assertEquals(0, r.exit(), r.err());
    }

    @Test
    void registeredInTheRootCommand() {
        CommandLine root = H2scopeCommand.commandLine();
        assertTrue(root.getSubcommands().containsKey("get"));
    }
}
