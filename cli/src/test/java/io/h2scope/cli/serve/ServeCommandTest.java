package io.h2scope.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.core.limits.Limit;
import io.h2scope.engine.server.ServerOption;
import io.h2scope.engine.server.ServerOptions;
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
@Timeout(60)
class ServeCommandTest {

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @Test
    void aDurationWithoutAUnitWeKnowIsAUsageError() {
        CommandRun r = run("serve", "--port", "0", "--handshake-timeout", "10h");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --handshake-timeout 10h is not a duration (ms, s or m, e.g. 500ms, 10s, 2m):"
                + " give >= 0 (0 = off) (default 10s) (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aConnectionCapBelowOneIsAUsageErrorNamingTheOption() {
        CommandRun r = run("serve", "--port", "0", "--max-connections-per-address", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --max-connections-per-address 0 is not allowed: give >= 1 (default 1000)"
                + " (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void anAcceptRetryDelayOfZeroIsAUsageError() {
        CommandRun r = run("serve", "--port", "0", "--accept-retry-delay", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --accept-retry-delay 0 is not allowed: give >= 1ms (default 100ms)"
                + " (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aBodyBudgetOfZeroIsAUsageErrorNamingTheLimit() {
        CommandRun r = run("serve", "--port", "0", "--body-budget-per-connection", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --body-budget-per-connection 0 is not allowed: give >= 1 (default 67108864)"
                + " (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aNegativeBodyRateIsAUsageErrorNamingTheLimit() {
        CommandRun r = run("serve", "--port", "0", "--min-request-body-rate", "-1");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --min-request-body-rate -1 is not allowed: give >= 0 (0 = off) (default 500)"
                + " (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aCoreLimitOutOfItsRangeIsAUsageErrorWithTheRange() {
        CommandRun r = run("serve", "--port", "0", "--max-frame-size", "1000");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --max-frame-size 1000 is not allowed: give 16384..16777215 (RFC 9113 §4.2)"
                + " (default 16384) (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void helpListsEveryLimitWithItsDefault() {
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        assertEquals(0, cli.execute("serve", "--help"));
        String help = out.toString().replaceAll("\\s+", " ");
        for (ServerOption option : ServerOptions.all()) {
            if (ServeCommand.SettingFlags.DECLARED.contains(option.key())) { // their own descriptions (tls: --tls/--h2c)
                assertTrue(help.contains(option.key().equals("tls") ? "--h2c" : "--" + option.key() + "="), option.key());
                continue;
            }
            String flag = "--" + option.key() + "=";
            int at = help.lastIndexOf(flag); // the option list, after the synopsis
            assertTrue(at >= 0, flag + " missing from: " + help);
            String entry = help.substring(at, nextFlag(help, at));
            assertTrue(entry.contains("(default: " + option.defaultText()), option.key() + ": " + entry);
        }
        for (Limit limit : Limit.values()) {
            assertTrue(help.contains("--" + limit.key() + "="), limit.limitName() + " has no flag");
        }
        assertTrue(help.contains("--config=FILE"), help);
    }

    /** Where the next option of the help text starts ("  --" after this one), or the end. */
    private static int nextFlag(String help, int from) {
        int next = help.indexOf(" --", help.indexOf(' ', from));
        return next < 0 ? help.length() : next;
    }

    @Test
    void aNegativePortIsAUsageError() {
        CommandRun r = run("serve", "--port=-1");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --port must be 0..65535, got -1 (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aPortAbove65535IsAUsageError() {
        CommandRun r = run("serve", "--port", "70000");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: --port must be 0..65535, got 70000 (see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aHostThatDoesNotResolveIsAUsageError() {
        CommandRun r = run("serve", "--host", "999.1.1.1", "--port", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: Invalid value for option '--host': cannot resolve '999.1.1.1' (unknown host); "
                + "give an address of this machine, e.g. 127.0.0.1, or 0.0.0.0 for every interface "
                + "(see './h2scope serve --help')", r.errLine());
    }

    @Test
    void aMissingCertificateFileIsAUsageErrorNamingTheOption(@TempDir Path dir) {
        Path cert = dir.resolve("cert.pem");
        CommandRun r = run("serve", "--cert", cert.toString(), "--key", dir.resolve("key.pem").toString(), "--port", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope serve: Invalid value for option '--cert': no such file '" + cert + "'; check the path "
                + "(see './h2scope serve --help')", r.errLine());
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
