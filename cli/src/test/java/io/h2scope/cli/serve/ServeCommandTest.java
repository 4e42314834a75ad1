package io.h2scope.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.cli.CommandRun;
import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.core.limits.Limits;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code serve} that cannot start: each reason on one line of stderr, with the exit status --help states. */
@Timeout(30)
class ServeCommandTest {

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @Test
    void aDurationWithoutAUnitWeKnowIsAUsageError() {
        CommandRun r = run("serve", "--port", "0", "--handshake-timeout", "10h");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: Invalid value for option '--handshake-timeout': '10h' is not a duration: give a"
                + " whole number with ms, s or m (e.g. 500ms, 10s, 2m), or 0 for off (see 'h2scope serve --help')",
                r.errLine());
    }

    @Test
    void aConnectionCapBelowOneIsAUsageErrorNamingTheOption() {
        CommandRun r = run("serve", "--port", "0", "--max-connections-per-address", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --max-connections-per-address: maxConnectionsPerAddress must be >= 1, got 0"
                + " (see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void anAcceptRetryDelayOfZeroIsAUsageError() {
        CommandRun r = run("serve", "--port", "0", "--accept-retry-delay", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --accept-retry-delay: acceptRetryDelay must be at least 1 ms (a shorter one spins"
                + " when descriptors run out), got 0 ms (see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void aBodyBudgetOfZeroIsAUsageErrorNamingTheLimit() {
        CommandRun r = run("serve", "--port", "0", "--body-budget-per-connection", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --body-budget-*: maxBufferedBodyBytesPerConnection must be >= 1, got 0"
                + " (see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void aNegativeBodyRateIsAUsageErrorNamingTheLimit() {
        CommandRun r = run("serve", "--port", "0", "--min-request-body-rate", "-1");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --min-request-body-rate: minRequestBodyRate must be >= 0 (0 = off), got -1"
                + " (see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void theDefaultsOfTheCoreDeadlineOptionsAreTheEngines() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs();
        Limits engine = Limits.DEFAULTS;
        assertEquals(engine.sendStallTimeoutNanos(), serve.sendStallTimeout.toNanos());
        assertEquals(engine.headerBlockTimeoutNanos(), serve.headerBlockTimeout.toNanos());
        assertEquals(engine.minRequestBodyRate(), serve.minRequestBodyRate);
        assertEquals(engine.requestBodyGraceNanos(), serve.requestBodyGrace.toNanos());
    }

    @Test
    void helpListsEveryLimitWithItsDefault() {
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        assertEquals(0, cli.execute("serve", "--help"));
        String help = out.toString().replaceAll("\\s+", " ");
        for (String expected : List.of("--handshake-timeout=DURATION", "0 is off (default: 10s)",
                "--max-connections=N", "(default: 10000)", "--max-connections-per-address=N", "(default: 1000)",
                "--accept-retry-delay=DURATION", "at least 1ms (default: 100ms)",
                "--body-budget-per-stream=BYTES", "(default: 16777216)", "--body-budget-per-connection=BYTES",
                "(default: 67108864)", "--body-budget-per-server=BYTES", "(default: a quarter of the maximum heap)",
                "--send-stall-timeout=DURATION", "0 is off (default: 60s)", "--header-block-timeout=DURATION",
                "--min-request-body-rate=OCTETS_PER_S", "else 408; 0 is off (default: 500)",
                "--request-body-grace=DURATION", "counts (default: 20s)")) {
            org.junit.jupiter.api.Assertions.assertTrue(help.contains(expected), expected + " missing from: " + help);
        }
    }

    @Test
    void aNegativePortIsAUsageError() {
        CommandRun r = run("serve", "--port=-1");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --port must be 0..65535, got -1 (see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void aPortAbove65535IsAUsageError() {
        CommandRun r = run("serve", "--port", "70000");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --port must be 0..65535, got 70000 (see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void aHostThatDoesNotResolveIsAUsageError() {
        CommandRun r = run("serve", "--host", "999.1.1.1", "--port", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: Invalid value for option '--host': cannot resolve '999.1.1.1' (unknown host); "
                + "give an address of this machine, e.g. 127.0.0.1, or 0.0.0.0 for every interface "
                + "(see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void aMissingCertificateFileIsAUsageErrorNamingTheOption(@TempDir Path dir) {
        Path cert = dir.resolve("cert.pem");
        CommandRun r = run("serve", "--cert", cert.toString(), "--key", dir.resolve("key.pem").toString(), "--port", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: Invalid value for option '--cert': no such file '" + cert + "'; check the path "
                + "(see 'h2scope serve --help')", r.errLine());
    }

    @Test
    void anAddressOfAnotherMachineFailsWithWhatToDo() {
        CommandRun r = run("serve", "--host", "192.0.2.1", "--port", "0"); // TEST-NET-1 (RFC 5737): never this machine's
        assertEquals(1, r.exit(), r.err());
        assertEquals("h2scope serve: cannot listen on 192.0.2.1:0: Cannot assign requested address: give --host an "
                + "address of this machine, e.g. 127.0.0.1, or 0.0.0.0 for every interface", r.errLine());
    }

    @Test
    void aPortInUseFailsWithWhatToDo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            CommandRun r = run("serve", "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(1, r.exit(), r.err());
            assertEquals("h2scope serve: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": Address already in use: "
                    + "stop what listens there, or choose another --port (0 picks a free one)", r.errLine());
        }
    }
}
