package io.h2scope.cli.inspect;

import io.h2scope.cli.H2scopeCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's JVM as the launcher starts it (JavaFX as named modules, {@link NamedJavaFx#command}), on JavaFX's
 * headless platform, saying when its toolkit starts and its first frame is out ({@code -Dh2scope.firstPaint=true}): a
 * wrong command line prints its one-line usage error and exits 2 with no toolkit started, so no window ever shown;
 * a right one still starts it before the parse.
 */
class EarlyWindowTest {

    private static final String TOOLKIT_STARTED = "h2scope: toolkit started";

    @TempDir
    Path dir;

    private record Run(int status, String err) {
    }

    /** The window's JVM with {@code args}, stopped once {@code enough} is on its stderr or after 120 s. */
    private Run inspect(String enough, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(NamedJavaFx.command(H2scopeCommand.class,
                List.of(args)));
        command.addAll(1, List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Dh2scope.firstPaint=true"));
        Path err = dir.resolve("err.txt");
        Process window = new ProcessBuilder(command).redirectErrorStream(false)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (window.isAlive() && System.nanoTime() < deadline
                    && (enough == null || !Files.readString(err, StandardCharsets.UTF_8).contains(enough))) {
                Thread.sleep(50);
            }
            return new Run(window.isAlive() ? -1 : window.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            window.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aWrongCommandLineSaysSoAndExits2WithNoWindowEverShown() throws Exception {
        Path file = Files.writeString(dir.resolve("t.jsonl"), "");
        // a JVM each: the other wrong command lines are told apart without one (below)
        String[][] wrong = {{"inspect", "--no-such-option"}, {"inspect", "--field-strings", "-1", file.toString()}};
        for (String[] args : wrong) {
            Run run = inspect(null, args);
            String line = String.join(" ", args) + ": " + run.err();
            assertEquals(2, run.status(), line);
            assertTrue(run.err().startsWith("h2scope inspect: " + (args[1].equals("--no-such-option")
                    ? "Unknown option: '--no-such-option'" : "--field-strings -1: give 0 or more")), line);
            assertEquals(1, run.err().strip().lines().count(), "its usage error alone, no stage of a start: " + line);
        }
    }

    @Test
    void aRightCommandLineStartsTheToolkitBeforeTheParse() throws Exception {
        Path file = Files.writeString(dir.resolve("t.jsonl"), "");
        Run run = inspect(TOOLKIT_STARTED, "inspect", "--field-strings", "0", file.toString());
        assertTrue(run.err().contains(TOOLKIT_STARTED), run.err());
        assertFalse(run.err().contains("h2scope inspect: "), run.err());
    }

    @Test
    void theRightCommandLinesAreToldFromTheWrongOnesWithoutTheParse() throws Exception {
        Path file = Files.writeString(dir.resolve("t.jsonl"), "");
        String f = file.toString();
        for (String right : new String[] {"", f, "--follow " + f, "--reveal " + f, "--field-strings=0 " + f,
                "--field-strings 100 --reveal " + f, "--attach 127.0.0.1:7070 --token abc --reconnect-for 5",
                "--attach localhost:7070 --token abc",
                "--attach " + dir.resolve("s.sock") + " --reconnect-for=0", "--follow=" + dir.resolve("later.jsonl")}) {
            assertTrue(InspectArguments.plausible(words(right)), right);
        }
        for (String wrong : new String[] {"--no-such-option", "--reveal=yes " + f, f + " " + f, f + " --follow " + f,
                "--follow", "--follow --reveal", "--field-strings x " + f, "--field-strings -1 " + f,
                "--field-strings 99999999999 " + f, "--reconnect-for 5 " + f, "--attach 8.8.8.8:7070",
                "--attach 127.0.0.1:99999", "--attach no-such-host.invalid:7000", "--attach :7000",
                "--attach localhost:", "--attach localhost", "--attach 127.0.0.1:0",
                dir.resolve("missing.jsonl").toString(), "--reveal --reveal " + f, "-"}) {
            assertFalse(InspectArguments.plausible(words(wrong)), wrong);
        }
    }

    private static List<String> words(String line) {
        return line.isEmpty() ? List.of() : List.of(line.split(" "));
    }
}
