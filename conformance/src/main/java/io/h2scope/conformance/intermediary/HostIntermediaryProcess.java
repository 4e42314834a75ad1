package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.targets.launch.ExitHook;
import io.h2scope.conformance.targets.launch.ProcessEnd;
import io.h2scope.conformance.targets.launch.ProcessLiveness;
import io.h2scope.conformance.targets.launch.VersionQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

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
        return ProcessLiveness.isAlive(process);
    }

    /** Its exit status, once the JVM has seen the exit the kernel already told {@link #isAlive()}. */
    @Override
    public String ended() {
        try {
            if (process.waitFor(5, TimeUnit.SECONDS)) {
                return "exited with " + process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "exited";
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
