package io.h2scope.cli.get;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

@Timeout(60)
class GetCommandTest {

    /** {@code [  0.000120] conn=1 send HEADERS stream=1 ... | window conn send=N recv=N, stream send=N recv=N | state}. */
    private static final Pattern FRAME_LINE = Pattern.compile(
            "\\[\\s*\\d+\\.\\d{6}] conn=\\d+ (send|recv) [A-Z_]+ .* \\| window conn send=-?\\d+ recv=-?\\d+.*");

    static H2Server h2c;
    static H2Server tls;

    @BeforeAll
    static void start() throws Exception {
        h2c = ReferenceServer.start(ReferenceServer.Options.h2c());
        tls = ReferenceServer.start(ReferenceServer.Options.tlsSelfSigned());
    }

    @AfterAll
    static void stop() {
        h2c.close();
        tls.close();
    }

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new GetCommand(out));
        cli.setErr(new PrintWriter(err, true));
        cli.setExpandAtFiles(false); // as H2scopeCommand.commandLine() does
        int exit = cli.execute(args);
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
    void untrustedCertificateFailsUnlessInsecure() {
        Run refused = run(tls.url());
        assertEquals(1, refused.exit());
        assertTrue(refused.err().startsWith("h2scope get: " + tls.url()), refused.err());
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
    void registeredInTheRootCommand() {
        CommandLine root = H2scopeCommand.commandLine();
        assertTrue(root.getSubcommands().containsKey("get"));
    }
}
