package io.h2scope.cli.conform;

import io.h2scope.conformance.report.ReportDestinations;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.JudgedRun;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * How a finished run of either suite ends a command, the one home of both: its exit status (0 every blocking case
 * passed, 1 a blocking FAIL, 3 not judged: the subject was not reached or INCONCLUSIVE dominates) and its report
 * files.
 */
final class RunExit {

    /** Exit status when any blocking case fails. */
    static final int FAILED = 1;
    /** Exit status when the run says nothing: the subject was not reached, or INCONCLUSIVE dominates. */
    static final int NOT_JUDGED = 3;

    private RunExit() {
    }

    static int status(JudgedRun run) {
        return switch (run.status()) {
            case PASSED -> CommandLine.ExitCode.OK;
            case FAILED -> FAILED;
            case UNREACHABLE, INCONCLUSIVE -> NOT_JUDGED;
        };
    }

    /**
     * Writes the reports and returns the exit status; a report that cannot be written (its path was checked before
     * the run) is said on {@code err} and turns a pass into a failure, without hiding the verdict.
     */
    static int reportAndExit(ReportDestinations destinations, RunHeader header, JudgedRun run, String command,
            PrintWriter err) {
        int verdict = status(run);
        try {
            destinations.writeAll(header, run);
        } catch (IOException e) {
            err.println("h2scope " + command + ": the run ended, but a report could not be written: " + e.getMessage());
            err.flush();
            return verdict == CommandLine.ExitCode.OK ? FAILED : verdict;
        }
        return verdict;
    }
}
