package io.h2scope.conformance.intermediary;

import io.h2scope.engine.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run stopped from outside (SIGTERM, Ctrl-C) stops the intermediary it started, children and all. */
@Timeout(120)
class IntermediaryStopsWithTheRunTest {

    /**
     * The stopped run: starts a shell and its child as an intermediary (its files in the folder {@code args[0]}, which
     * the test owns: a SIGTERMed JVM removes nothing), prints the child's pid, waits to be stopped.
     */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        // the shell stands for varnishd's manager, the sleep for its worker: both must go
        HostIntermediaryProcess process = HostIntermediaryProcess.start(List.of("sh", "-c", "sleep 600 & echo $!; wait"),
                Map.of(), dir, dir.resolve("out"));
        Path out = dir.resolve("out");
        while (Files.size(out) == 0) {
            Thread.sleep(20);
        }
        System.out.println(process.handle().orElseThrow().pid() + " " + Files.readString(out).trim());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    @Test
    void aRunStoppedBySigtermLeavesNoIntermediaryProcess(@TempDir Path dir) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process run = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                IntermediaryStopsWithTheRunTest.class.getName(), dir.toString()).redirectErrorStream(true).start();
        try {
            String[] pids = new BufferedReader(new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8))
                    .readLine().trim().split(" ");
            ProcessHandle shell = ProcessHandle.of(Long.parseLong(pids[0])).orElseThrow();
            ProcessHandle worker = ProcessHandle.of(Long.parseLong(pids[1])).orElseThrow();
            assertTrue(shell.isAlive() && worker.isAlive(), "the intermediary runs while the run does");
            run.destroy(); // SIGTERM, as a stopped run gets it
            Await.until(() -> !shell.isAlive() && !worker.isAlive(),
                    () -> "the intermediary outlived the run: shell " + shell.isAlive() + ", worker " + worker.isAlive());
        } finally {
            run.destroyForcibly();
        }
    }
}
