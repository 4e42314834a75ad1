package io.h2scope.cli.proxy;

import io.h2scope.cli.CommandRun;
import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code trace explain} of {@code proxy --record}: a client's field block that the upstream cannot decode, recorded
 * on both legs, is explained on each as the upstream's GOAWAY answering the client's HEADERS, with the HPACK rule.
 */
@Timeout(60)
class ProxyRecordingExplainedTest {

    @TempDir
    Path dir;

    @Test
    void bothLegsNameTheClientsBlockAndTheUpstreamsGoAway() throws Exception {
        H2Server upstream = ReferenceServer.start(ReferenceServer.Options.h2c());
        Path record = dir.resolve("proxy.jsonl");
        CommandLine cli = H2scopeCommand.commandLine();
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(new StringWriter(), true));
        ProxyCommand command = cli.getSubcommands().get("proxy").getCommand();
        CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> cli.execute("proxy", "--listen",
                "127.0.0.1:0", "--upstream", upstream.url(), "--record", record.toString()));
        try {
            Await.until(() -> command.proxy() != null, () -> "the proxy listening");
            try (Socket client = new Socket("127.0.0.1", command.proxy().port())) {
                OutputStream out = client.getOutputStream();
                out.write(Preface.bytes());
                out.write(FrameWriter.encode(SettingsFrame.of(List.of())));
                // an indexed field 70 with an empty dynamic table: past the end of both tables (RFC 7541 §2.3.3)
                out.write(FrameWriter.encode(HeadersFrame.of(1, new byte[] {(byte) (0x80 | 70)}, true, true)));
                out.flush();
                client.getInputStream().readAllBytes(); // the upstream's GOAWAY, relayed, then the close
            }
            Await.until(() -> closes(record) >= 2, () -> "both legs closed in the recording");
        } finally {
            command.stop();
            assertEquals(0, running.get(10, TimeUnit.SECONDS));
            upstream.shutdown(Duration.ofSeconds(1));
        }
        CommandRun r = CommandRun.of("trace", "explain", record.toString());
        assertEquals(0, r.exit(), r.err());
        String text = r.out();
        for (String leg : List.of("conn=1 stream=1 ", "conn=2 stream=1 ")) {
            assertTrue(text.contains(leg + "The upstream ended the connection with GOAWAY COMPRESSION_ERROR"), text);
        }
        assertTrue(text.contains("the client's HEADERS on stream 1 with END_STREAM broke hpack/index-out-of-range"),
                text);
        assertTrue(text.contains("  rule hpack/index-out-of-range: RFC 7541 §2.3.3: \"Indices strictly greater than "
                + "the sum of the lengths of both tables MUST be treated as a decoding error.\""), text);
        assertTrue(text.contains("recorded by: the proxy, on its leg to the client (the other leg: connection 2;"), text);
        assertTrue(text.contains("recorded by: the proxy, on its leg to the upstream (the other leg: connection 1;"),
                text);
    }

    private static long closes(Path record) {
        try {
            return Files.readString(record).lines().filter(l -> l.contains("\"kind\":\"closed\"")).count();
        } catch (IOException e) {
            return 0;
        }
    }
}
