package io.h2scope.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.ServerConfig;
import io.h2scope.engine.testsupport.Await;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code serve --config FILE}: the file's settings, the command line's over them, and each error on one line. */
@Timeout(60)
class ServeConfigFileTest {

    @TempDir
    Path dir;

    @Test
    void theFileSetsTheServerAndAFlagWinsOverIt() throws Exception {
        Path file = Files.writeString(dir.resolve("serve.conf"), """
                # a server for the tests
                port = 0
                max-concurrent-streams = 7
                ping-burst = 9
                max-connections = 50
                send-stall-timeout = 5s
                """);
        ServerConfig config = runUntilStarted("serve", "--config", file.toString(), "--max-concurrent-streams", "11",
                "--max-connections", "60");
        Limits limits = config.connection().limits();
        assertEquals(11, limits.maxConcurrentStreams(), "the flag wins over the file");
        assertEquals(60, config.accept().maxConnections(), "the flag wins over the file");
        assertEquals(9, limits.pingBurst(), "the file's own settings stay");
        assertEquals(Duration.ofSeconds(5).toNanos(), limits.sendStallTimeoutNanos());
        assertEquals(Limits.DEFAULTS.pingPerSecond(), limits.pingPerSecond(), "what neither names keeps its default");
    }

    @Test
    void theFilesPortAndTlsAreUsedWithoutFlags() throws Exception {
        Path file = Files.writeString(dir.resolve("tls.conf"), "tls = true\nport = 0\n");
        ServerConfig config = runUntilStarted("serve", "--config", file.toString());
        assertTrue(config.isTls());
        assertEquals(0, config.address().getPort(), "port 0 from the file, not 8443");
    }

    @Test
    void aFlagTurnsTheFilesTlsOff() throws Exception {
        Path file = Files.writeString(dir.resolve("tls.conf"), "tls = true\nport = 0\n");
        ServerConfig config = runUntilStarted("serve", "--config", file.toString(), "--h2c");
        assertTrue(!config.isTls());
    }

    @Test
    void aBadValueInTheFileIsOneLineNamingFileLineValueRangeAndDefault() throws Exception {
        Path file = Files.writeString(dir.resolve("serve.conf"), "port = 0\nmax-continuation-frames = 0\n");
        CommandRun r = CommandRun.of("serve", "--config", file.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: " + file + ":2: max-continuation-frames = 0 is not allowed: give >= 1 (default 8)"
                + " (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aFlagOverABadFileValueIsStillAnError() throws Exception {
        // the file is read whole before the flags apply: a bad line is reported even when a flag names its key
        Path file = Files.writeString(dir.resolve("serve.conf"), "ping-burst = lots\n");
        CommandRun r = CommandRun.of("serve", "--port", "0", "--config", file.toString(), "--ping-burst", "5");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: " + file + ":1: ping-burst = lots is not a whole number: give >= 1 (default 1000)"
                + " (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void anUnknownKeyNamesTheNearestKnownOne() throws Exception {
        Path file = Files.writeString(dir.resolve("serve.conf"), "\nmax-conections = 5\n");
        CommandRun r = CommandRun.of("serve", "--config", file.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: " + file + ":2: unknown key 'max-conections'; did you mean 'max-connections'?"
                + " (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aConfigFileThatDoesNotExistIsAUsageError() {
        Path missing = dir.resolve("none.conf");
        CommandRun r = CommandRun.of("serve", "--config", missing.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: Invalid value for option '--config': no such file '" + missing + "'; check the path"
                + " (see './h2scope serve --help')", r.errLine());
    }

    /** Runs {@code h2scope ARGS} on a thread of its own until its server is up; returns that server's config. */
    private static ServerConfig runUntilStarted(String... args) throws Exception {
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(err, true));
        ServeCommand serve = cli.getSubcommands().get("serve").getCommand();
        AtomicInteger exit = new AtomicInteger(-1);
        Thread run = new Thread(() -> exit.set(cli.execute(args)), "serve-under-test");
        run.start();
        long deadline = System.nanoTime() + Await.PATIENCE.toNanos();
        while (serve.server() == null && run.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        H2Server server = serve.server();
        try {
            assertNotNull(server, "serve did not start (exit " + exit.get() + "): " + err);
            return server.config();
        } finally {
            serve.stop();
            run.join(Await.PATIENCE.toMillis());
            assertEquals(0, exit.get(), err.toString());
        }
    }
}
