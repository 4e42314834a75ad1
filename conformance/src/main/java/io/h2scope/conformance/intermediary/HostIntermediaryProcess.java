package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.targets.launch.ExitHook;
import io.h2scope.conformance.targets.launch.ProcessEnd;
import io.h2scope.conformance.targets.launch.VersionQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The intermediary's installed Debian package as a process of this host, in the foreground, its output to a file;
 * stopped with the JVM if the run is stopped first.
 */
final class HostIntermediaryProcess implements IntermediaryProcess {

    private final Process process;
    private final ExitHook exitHook;

    private HostIntermediaryProcess(Process process) {
        this.process = process;
        this.exitHook = ExitHook.arm("intermediary-" + process.pid(), this::end);
    }

    static HostIntermediaryProcess start(List<String> command, Map<String, String> environment, Path workDir, Path output)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().putAll(environment);
        return new HostIntermediaryProcess(builder.redirectErrorStream(true).redirectOutput(output.toFile()).start());
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public String ended() {
        return "exited with " + process.exitValue();
    }

    @Override
    public Optional<ProcessHandle> handle() {
        return Optional.of(process.toHandle());
    }

    @Override
    public VersionQuery.Runner versionRunner() {
        return VersionQuery.onThisHost(Map.of());
    }

    @Override
    public String description() {
        return "pid " + process.pid();
    }

    /** SIGTERM, SIGKILL after 5 s. */
    @Override
    public void stop() {
        end();
        exitHook.disarm();
    }

    private void end() {
        if (ProcessEnd.stop(process)) {
            Thread.currentThread().interrupt();
        }
    }
}
