package io.h2scope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The help texts: paragraphs that picocli wraps at the terminal's width, and no argument ignored beside --help. */
class HelpTextTest {

    /** Every command of the tree, the root first. */
    private static List<CommandLine> commands() {
        List<CommandLine> all = new ArrayList<>();
        collect(H2scopeCommand.commandLine(), all);
        return all;
    }

    private static void collect(CommandLine cli, List<CommandLine> all) {
        all.add(cli);
        cli.getSubcommands().values().forEach(sub -> collect(sub, all));
    }

    /** A description line picocli prints as it is: each must end its sentence, or the help breaks mid-sentence. */
    private static void assertParagraphs(String where, String[] description, List<String> broken) {
        for (int i = 0; i < description.length - 1; i++) {
            String line = description[i].strip();
            if (!(line.endsWith(".") || line.endsWith(":") || line.isEmpty())) {
                broken.add(where + ": \"" + line + "\"");
            }
        }
    }

    @Test
    void noDescriptionIsHardWrappedMidSentence() {
        List<String> broken = new ArrayList<>();
        for (CommandLine cli : commands()) {
            CommandLine.Model.CommandSpec spec = cli.getCommandSpec();
            assertParagraphs(spec.qualifiedName(), spec.usageMessage().description(), broken);
            spec.options().forEach(o -> assertParagraphs(spec.qualifiedName() + " " + o.longestName(), o.description(), broken));
            spec.positionalParameters().forEach(p -> assertParagraphs(spec.qualifiedName() + " " + p.paramLabel(), p.description(),
                    broken));
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void everyCommandWrapsAtTheTerminalsWidth() {
        for (CommandLine cli : commands()) {
            assertTrue(cli.isUsageHelpAutoWidth(), cli.getCommandSpec().qualifiedName());
        }
    }

    @Test
    void theTopLevelHelpShowsEachCommandsWholeSummary() {
        CommandRun r = CommandRun.of("--help");
        assertEquals(0, r.exit(), r.err());
        String help = r.out().replaceAll("\\s", "");
        for (var sub : H2scopeCommand.commandLine().getSubcommands().entrySet()) {
            CommandLine.Model.UsageMessageSpec usage = sub.getValue().getCommandSpec().usageMessage();
            String summary = usage.header().length > 0 ? usage.header()[0] : usage.description()[0]; // as picocli lists it
            assertTrue(help.contains(summary.replaceAll("\\s", "")), sub.getKey() + ": " + summary + "\n" + r.out());
        }
        assertTrue(r.out().replaceAll("\\s+", " ").contains("with --h2c-upgrade) and print the body. proxy"),
                "get's summary ends its sentence: " + r.out());
    }

    @Test
    void anUnknownCommandIsNamedEvenBesideHelp() {
        for (String[] args : new String[][] {{"nosuchcommand"}, {"nosuchcommand", "--help"}}) {
            CommandRun r = CommandRun.of(args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.out());
            assertEquals("", r.out(), "no help printed");
            assertEquals("h2scope: unknown command 'nosuchcommand': the commands are conform, conform-client, conform-proxy, "
                    + "matrix, serve, get, proxy, console, trace, "
                    + "inspect, frames, hpack, help (see './h2scope --help')", r.errLine());
        }
        CommandRun sub = CommandRun.of("frames", "nosuch", "--help");
        assertEquals(2, sub.exit());
        assertEquals("h2scope frames: unknown command 'nosuch': the commands are decode, help (see './h2scope frames --help')",
                sub.errLine());
        CommandRun option = CommandRun.of("get", "--nosuch", "--help");
        assertEquals(2, option.exit());
        assertTrue(option.errLine().startsWith("h2scope get: Unknown option: '--nosuch'"), option.err());
    }
}
