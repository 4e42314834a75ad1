package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.ServerVersion;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;

/**
 * How a docker-targets/ server tells its version ({@code version.command} in target.properties): one command, run
 * where the server runs (on this host for a local process, inside the container for a container), whose output's
 * first version number is the version tested. The same command serves both ways, so a local run and a container
 * of the same folder are asked alike. The command runs with no shell; {@code @BINARY@} and {@code @CLASSPATH@} are
 * filled in for the way it runs.
 * <pre>
 * version.command=@BINARY@ -v                          # the server itself: nginx version: nginx/1.22.1
 * version.command=dpkg-query -W -f=${Version} jetty9   # where the server cannot tell: its package's version
 * version.timeout=PT10S                                # optional, default {@value #DEFAULT_TIMEOUT_TEXT}
 * </pre>
 *
 * @param command the tokens, with placeholders; empty when the folder names no command
 * @param timeout how long the command may take before the version counts as unknown
 */
public record VersionQuery(List<String> command, Duration timeout) {

    static final String DEFAULT_TIMEOUT_TEXT = "PT10S";
    /** A JVM-based answer (h2scope's own server) takes a second on a loaded machine; a hung command must not stall the run. */
    public static final Duration DEFAULT_TIMEOUT = Duration.parse(DEFAULT_TIMEOUT_TEXT);

    /**
     * A version number: digits with at least one dot, then any Debian revision ({@code 2.6.12-1+deb12u4},
     * {@code 9.4.57-1.1~deb12u1}); a leading {@code v} ({@code v20.20.2}) is dropped. Digits glued to a word
     * ({@code nghttp2/}, {@code h2o}) are not a version.
     */
    private static final Pattern VERSION = Pattern.compile("(?<![\\w.])v?(\\d+(?:\\.\\d+)+[\\w.+~:-]*)");
    /** The most of an answer a report quotes when it names no version. */
    private static final int QUOTED = 120;

    public VersionQuery {
        command = List.copyOf(command);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("version.timeout must be positive, got " + timeout);
        }
    }

    /** What a command answered: its exit status and its output (stdout and stderr together). */
    public record Answer(int exitStatus, String output) {
    }

    /** Where the command runs: this host, or a container. */
    @FunctionalInterface
    public interface Runner {
        /**
         * @throws IOException when the command cannot run, or does not end within {@code timeout} (it is stopped then)
         */
        Answer run(List<String> command, Duration timeout) throws IOException, InterruptedException;
    }

    /**
     * Asks the version and never fails: a command that cannot run, exits with an error, or names no version gives an
     * unknown version with the reason. {@code values} fills the placeholders for the way the server runs.
     */
    public ServerVersion ask(String server, Map<ConfigTemplate.Key, String> values, Runner runner) {
        if (command.isEmpty()) {
            return ServerVersion.unknown(server, "nothing", TargetSpec.PROPERTIES + " names no version.command");
        }
        List<String> rendered;
        try {
            rendered = command.stream().map(token -> ConfigTemplate.render(token, values)).toList();
        } catch (IllegalArgumentException e) {
            return ServerVersion.unknown(server, String.join(" ", command), "version.command: " + e.getMessage());
        }
        String shown = shown(values);
        try {
            Answer answer = runner.run(rendered, timeout);
            return parse(server, shown, answer);
        } catch (IOException e) {
            return ServerVersion.unknown(server, shown, String.valueOf(e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ServerVersion.unknown(server, shown, "interrupted while asking");
        }
    }

    /** The command as a report shows it: the class path (hundreds of characters) stays a placeholder. */
    private String shown(Map<ConfigTemplate.Key, String> values) {
        return command.stream().map(token -> token.equals("@" + ConfigTemplate.Key.CLASSPATH + "@") ? token
                : ConfigTemplate.render(token, values)).reduce((a, b) -> a + " " + b).orElse("");
    }

    /** The version in {@code answer}: the first version number of a command that exited 0. */
    static ServerVersion parse(String server, String askedWith, Answer answer) {
        String output = answer.output().strip();
        if (answer.exitStatus() != 0) {
            return ServerVersion.unknown(server, askedWith, "exit status " + answer.exitStatus() + (output.isEmpty() ? "" : ": " + quoted(output)));
        }
        Matcher m = VERSION.matcher(output);
        if (!m.find()) {
            return ServerVersion.unknown(server, askedWith, output.isEmpty() ? "it printed nothing"
                    : "its answer names no version number: " + quoted(output));
        }
        return ServerVersion.known(server, m.group(1), askedWith);
    }

    private static String quoted(String output) {
        String line = output.replaceAll("\\s+", " ");
        return "'" + (line.length() > QUOTED ? line.substring(0, QUOTED) + "…" : line) + "'";
    }

    /** Runs the command on this host with {@code environment} added, no shell; stopped when it outlives the timeout. */
    public static Runner onThisHost(Map<String, String> environment) {
        return (command, timeout) -> {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().putAll(environment);
            Process process = builder.start();
            process.getOutputStream().close();
            try (InputStream in = process.getInputStream()) {
                // read on the side: a command that never ends must not block us past the timeout
                StringBuilder out = new StringBuilder();
                Thread reader = new Thread(() -> {
                    try {
                        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                        synchronized (out) {
                            out.append(text);
                        }
                    } catch (IOException e) {
                        // the process was stopped: what it printed so far is lost, its status says enough
                    }
                }, "h2scope-version-output");
                reader.setDaemon(true);
                reader.start();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new IOException("it did not answer within " + timeout + " (version.timeout)");
                }
                reader.join(timeout.toMillis());
                synchronized (out) {
                    return new Answer(process.exitValue(), out.toString());
                }
            } finally {
                process.destroyForcibly();
            }
        };
    }

    /** Runs the command inside {@code container} (docker exec, no shell), giving up after the timeout. */
    public static Runner inContainer(GenericContainer<?> container) {
        return (command, timeout) -> {
            FutureTask<ExecResult> task = new FutureTask<>(() -> container.execInContainer(command.toArray(String[]::new)));
            Thread runner = new Thread(task, "h2scope-container-exec");
            runner.setDaemon(true);
            runner.start();
            try {
                ExecResult result = task.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                return new Answer(result.getExitCode(), result.getStdout() + result.getStderr());
            } catch (TimeoutException e) {
                task.cancel(true);
                throw new IOException("it did not answer within " + timeout + " in the container (version.timeout)");
            } catch (ExecutionException e) {
                throw new IOException("docker exec failed: " + DockerImage.firstLine(e.getCause()), e.getCause());
            }
        };
    }
}
