package io.h2scope.cli.inspect;

import io.h2scope.cli.H2scopeCommand;
import io.h2scope.inspector.model.FrameFields;
import io.h2scope.inspector.source.AttachSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The errors of {@code h2scope inspect}, all without a display: one line each, exit 2. */
class InspectCommandTest {

    @TempDir
    Path dir;

    private record Run(int status, String out, String err) {
    }

    /** Runs with an environment that has no display, whatever this machine has. */
    private static Run run(String... args) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == InspectCommand.class) {
                    return type.cast(new InspectCommand(Map.of("PATH", "/usr/bin")));
                }
                return CommandLine.defaultFactory().create(type);
            }
        };
        CommandLine cli = H2scopeCommand.commandLineFor(args, factory); // what ./h2scope runs: inspect alone
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    @Test
    void withoutADisplayItSaysSoInOneLineAndNamesTracePrint() throws Exception {
        Path file = Files.writeString(dir.resolve("t.jsonl"), "");
        for (String[] args : new String[][] {{"inspect"}, {"inspect", file.toString()},
                {"inspect", "--follow", file.toString()}, {"inspect", "--attach", dir.resolve("s.sock").toString()}}) {
            Run r = run(args);
            assertEquals(2, r.status(), String.join(" ", args) + ": " + r.err());
            assertEquals("h2scope inspect: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); "
                    + "print a recording as text with ./h2scope trace print FILE, or follow one with "
                    + "./h2scope trace follow\n", r.err().replace(System.lineSeparator(), "\n"));
            assertEquals("", r.out());
        }
    }

    @Test
    void theWindowsOwnTreeAnswersHelpAndVersionAsTheWholeTreeDoes() {
        for (String[] args : new String[][] {{"inspect", "--help"}, {"inspect", "-V"}}) {
            CommandLine whole = H2scopeCommand.commandLine();
            StringWriter wholeOut = new StringWriter();
            whole.setOut(new PrintWriter(wholeOut));
            assertEquals(0, whole.execute(args));
            Run alone = run(args);
            assertEquals(0, alone.status(), alone.err());
            assertEquals(wholeOut.toString(), alone.out(), String.join(" ", args));
        }
    }

    @Test
    void theRoomForFieldStringsIsZeroOrMoreAndItsDefaultIsSaid() throws Exception {
        Path file = Files.writeString(dir.resolve("t.jsonl"), "");
        Run negative = run("inspect", "--field-strings", "-1", file.toString());
        assertEquals(2, negative.status(), negative.err());
        assertTrue(negative.err().startsWith("h2scope inspect: --field-strings -1: give 0 or more"), negative.err());
        assertEquals(1, negative.err().strip().lines().count(), negative.err());
        Run zero = run("inspect", "--field-strings", "0", file.toString());
        assertTrue(zero.err().contains("no display"), "0 is taken, and the display looked for next: " + zero.err());
        Run help = run("inspect", "--help");
        assertTrue(help.out().replaceAll("\\s+", " ").contains("(default: " + FrameFields.MAX_STRINGS + ")"), help.out());
    }

    @Test
    void aMissingFileIsNamedBeforeTheDisplayIsLookedFor() {
        Run r = run("inspect", dir.resolve("missing.jsonl").toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("h2scope inspect: Invalid value for positional parameter at index 0 (FILE): "
                + "no such file '" + dir.resolve("missing.jsonl") + "'; check the path"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void oneSourceAtATimeAndOnlyALoopbackAttach() {
        Run both = run("inspect", "--follow", "a.jsonl", "--attach", "127.0.0.1:7070");
        assertEquals(2, both.status());
        assertTrue(both.err().contains("mutually exclusive"), both.err());
        Run remote = run("inspect", "--attach", "8.8.8.8:7070");
        assertEquals(2, remote.status());
        assertTrue(remote.err().startsWith("h2scope inspect: --attach 8.8.8.8:7070: 8.8.8.8 is not a loopback address"),
                remote.err());
    }

    @Test
    void anAttachAddressThatIsNotOneIsAUsageErrorButAPortWithNobodyIsNot() {
        Map<String, String> wrong = Map.of(
                "no-such-host.invalid:7000", "the host name does not resolve (check the name, or give an address such "
                        + "as 127.0.0.1:7000)",
                "localhost:", "no port after the host (give one, such as localhost:7000)",
                "::1", "no port after the IPv6 address (write an address with a port in brackets, such as [::1]:7000)",
                ":7000", "no host before the port (give one, such as 127.0.0.1:7000)",
                "127.0.0.1:70000", "port 70000 is not 0..65535 (give one such as 127.0.0.1:7000)",
                "127.0.0.1:0", "port 0 is not one to attach to (give the port the engine printed as it started "
                        + "listening, such as 127.0.0.1:7000)");
        wrong.forEach((attach, message) -> {
            Run r = run("inspect", "--attach", attach);
            assertEquals(2, r.status(), attach + ": " + r.err());
            assertEquals("h2scope inspect: --attach " + attach + ": " + message + " (see './h2scope inspect --help')",
                    r.err().strip(), attach);
        });
        // a name that resolves to loopback, with no engine on its port: the window's attach reports and tries again
        Run nobody = run("inspect", "--attach", "localhost:1");
        assertTrue(nobody.err().contains("no display"), "not a usage error; then the display is missing: " + nobody.err());
    }

    @Test
    void reconnectForIsZeroOrMoreSecondsOfAnAttachWithItsDefaultInTheHelp() {
        Run negative = run("inspect", "--attach", "127.0.0.1:7070", "--reconnect-for", "-1");
        assertEquals(2, negative.status());
        assertEquals("h2scope inspect: --reconnect-for -1: give 0 or more seconds (0: the window ends the attach when "
                + "its socket drops) (see './h2scope inspect --help')", negative.err().strip());
        Run alone = run("inspect", "--reconnect-for", "5");
        assertEquals(2, alone.status());
        assertTrue(alone.err().startsWith("h2scope inspect: --reconnect-for goes with --attach"), alone.err());
        Run zero = run("inspect", "--attach", "127.0.0.1:7070", "--reconnect-for", "0");
        assertTrue(zero.err().contains("no display"), "0 is good; then the display is missing: " + zero.err());
        Run help = run("inspect", "--help");
        assertTrue(help.out().replaceAll("\\s+", " ").contains("(default: "
                + AttachSource.DEFAULT_RECONNECT_FOR.toSeconds() + ", 0: not at all)"), help.out());
    }
}
