package io.h2scope.conformance.client.drive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A client run as a command per task ({@code --exec 'CMD'} or {@code --client NAME}): the command's exit status, its
 * per-request report lines ({@link OutcomeLines}) where it prints them, and the last lines of its output are what the
 * client reported. A command that hangs is stopped at the task's timeout with every process it started; one that
 * prints megabytes is kept to its last {@value OutputTail#DEFAULT_CAP} octets.
 */
public final class ExecClient implements ClientUnderTest {

    /** How many of the command's last output lines an outcome quotes. */
    static final int LINES_QUOTED = 5;

    private final String name;
    private final Set<ClientAbility> abilities;
    private final Function<ClientTask, String> command;
    private final Function<String, Optional<String>> failureText;
    private final String description;

    private ExecClient(String name, String description, Set<ClientAbility> abilities, Function<ClientTask, String> command,
            Function<String, Optional<String>> failureText) {
        this.name = name;
        this.description = description;
        this.abilities = Set.copyOf(abilities);
        this.command = command;
        this.failureText = failureText;
    }

    /**
     * A ready-made client.
     *
     * @throws IllegalArgumentException saying what is missing on this machine to run it, and how to get it
     */
    public static ExecClient of(ClientProfile profile) {
        profile.missing().get().ifPresent(missing -> {
            throw new IllegalArgumentException("--client " + profile.name() + ": " + missing);
        });
        return new ExecClient(profile.name(), profile.usage(), profile.abilities(), profile.command(), profile.failureText());
    }

    /** The user's command line; what it can do is what its placeholders say ({@link CommandTemplate#abilities}). */
    public static ExecClient command(String template) {
        CommandTemplate parsed = CommandTemplate.of(template);
        return new ExecClient("exec", template, parsed.abilities(), parsed::fill, output -> Optional.empty());
    }

    @Override
    public String name() {
        return name;
    }

    /** The command line, its placeholders unfilled (a profile's documented one). */
    @Override
    public String describe() {
        return description;
    }

    @Override
    public Set<ClientAbility> abilities() {
        return abilities;
    }

    /** The command line {@link #fetch} runs for {@code task}: evidence, and what {@code --list} shows. */
    public String commandLine(ClientTask task) {
        return command.apply(task);
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        requireAbilities(task);
        CommandRun.Result run = CommandRun.run(commandLine(task), task.timeout(), null, Map.of());
        return outcomes(task, run);
    }

    /**
     * A command stopped at the timeout: what it reported before for a request stands (a client that failed one request
     * and hung on another told its caller about the first); the others are TIMED_OUT.
     */
    private static List<ClientOutcome> timedOut(ClientTask task, CommandRun.Result run, String said) {
        String stopped = "stopped after " + task.timeout().toMillis() + " ms (the case's timeout), with every process "
                + "it started";
        List<OutcomeLines.Line> lines = new ArrayList<>(OutcomeLines.read(run.output().text()));
        List<ClientOutcome> outcomes = new ArrayList<>();
        for (ClientRequest request : task.requests()) {
            OutcomeLines.Line line = take(lines, request.url().toString());
            if (line == null) {
                outcomes.add(new ClientOutcome(ClientOutcome.Kind.TIMED_OUT, -1, -1, stopped + said, run.took()));
            } else if (line.delivered()) {
                outcomes.add(new ClientOutcome(ClientOutcome.Kind.RESPONSE, line.status(), line.octets(),
                        "reported before it was " + stopped, run.took()));
            } else {
                outcomes.add(failed(line, "reported before it was " + stopped, run.took()));
            }
        }
        return outcomes;
    }

    private List<ClientOutcome> outcomes(ClientTask task, CommandRun.Result run) {
        String tail = run.output().lastLines(LINES_QUOTED);
        String said = tail.isEmpty() ? "" : "; output: " + tail;
        Duration took = run.took();
        if (run.timedOut()) {
            return timedOut(task, run, said);
        }
        if (run.exitStatus() == CommandRun.NOT_FOUND || run.exitStatus() == CommandRun.NOT_EXECUTABLE) {
            return same(task, ClientOutcome.Kind.NOT_STARTED, "the command could not be run (sh exit status "
                    + run.exitStatus() + ": is it installed and on PATH?)" + said, took);
        }
        Optional<String> failedInOutput = failureText.apply(run.output().text());
        List<OutcomeLines.Line> lines = new ArrayList<>(OutcomeLines.read(run.output().text()));
        List<ClientOutcome> outcomes = new ArrayList<>();
        for (ClientRequest request : task.requests()) {
            OutcomeLines.Line line = take(lines, request.url().toString());
            if (line != null && line.delivered() && failedInOutput.isEmpty()) {
                boolean seen = line.status() != 0; // 0: delivered, but the client could not see it (a browser's opaque response)
                outcomes.add(new ClientOutcome(ClientOutcome.Kind.RESPONSE, seen ? line.status() : -1,
                        seen ? line.octets() : -1, "exit status " + run.exitStatus(), took));
            } else if (line != null && !line.delivered()) {
                outcomes.add(failed(line, "exit status " + run.exitStatus(), took));
            } else if (run.exitStatus() == 0 && failedInOutput.isEmpty()) {
                outcomes.add(new ClientOutcome(ClientOutcome.Kind.RESPONSE, -1, -1, "exit status 0" + said, took));
            } else {
                outcomes.add(new ClientOutcome(ClientOutcome.Kind.FAILED, -1, -1, failedInOutput
                        .map(f -> f + ", exit status " + run.exitStatus())
                        .orElse("exit status " + run.exitStatus()) + said, took));
            }
        }
        return outcomes;
    }

    /** The first line for {@code url}, removed so that the same URL twice gets two lines. */
    /** A request the command reported as failed by its line, {@code then} said after the error. */
    private static ClientOutcome failed(OutcomeLines.Line line, String then, Duration took) {
        return new ClientOutcome(ClientOutcome.Kind.FAILED, line.status() == 0 ? -1 : line.status(), -1, "error "
                + line.code() + (line.message().isEmpty() ? "" : " (" + line.message() + ")") + ", " + then, took);
    }

    private static OutcomeLines.Line take(List<OutcomeLines.Line> lines, String url) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).url().equals(url)) {
                return lines.remove(i);
            }
        }
        return null;
    }

    private static List<ClientOutcome> same(ClientTask task, ClientOutcome.Kind kind, String detail, Duration took) {
        List<ClientOutcome> outcomes = new ArrayList<>();
        task.requests().forEach(r -> outcomes.add(new ClientOutcome(kind, -1, -1, detail, took)));
        return outcomes;
    }

    @Override
    public String toString() {
        return name;
    }
}
