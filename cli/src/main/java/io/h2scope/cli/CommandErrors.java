package io.h2scope.cli;

import io.h2scope.cli.inspect.NoDisplayException;
import io.h2scope.engine.client.UntrustedCertificateException;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one place that turns a failed command into one line on stderr, {@code h2scope get: what is wrong:
 * what to do}, and its exit status: 2 ({@link ExitCode#USAGE}) for a bad command line or a named input
 * file that cannot be read, 1 for a failure at run time (no connection, an untrusted certificate, a port
 * in use, a file that is not a trace). An exception of no kind listed here is a bug: it keeps its stack trace.
 */
final class CommandErrors implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {

    /** What to print after the command's name, and the exit status. */
    record Failure(int exit, String message) {
    }

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        return print(cli, usage(e, cli.getCommandSpec().qualifiedName()));
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cli, CommandLine.ParseResult parsed) throws Exception {
        Failure failure = atRunTime(e);
        if (failure == null) {
            throw e;
        }
        return print(cli, failure);
    }

    /** A picocli parse error, or one a command raised about its options, with where to read about them. */
    static Failure usage(ParameterException e, String command) {
        String message = text(e).replace("option option '", "option '"); // picocli's words for a map option's value
        if (e instanceof UnmatchedArgumentException unmatched && unknownCommand(unmatched) != null) {
            message = "unknown command '" + unknownCommand(unmatched) + "': the commands are "
                    + String.join(", ", e.getCommandLine().getSubcommands().keySet());
        } else if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            message += "; did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?";
        }
        return new Failure(ExitCode.USAGE, message + " (see './" + command + " --help')");
    }

    /** The first argument a command with sub-commands did not take, when it names no option: the unknown command. */
    private static String unknownCommand(UnmatchedArgumentException e) {
        CommandLine cli = e.getCommandLine();
        if (cli.getSubcommands().isEmpty() || !cli.getCommandSpec().positionalParameters().isEmpty()
                || e.getUnmatched().isEmpty() || e.getUnmatched().get(0).startsWith("-")) {
            return null;
        }
        return e.getUnmatched().get(0);
    }

    /** A failure thrown by a command's work, or null when it is not one a user caused (a bug). */
    static Failure atRunTime(Throwable e) {
        if (e instanceof UnknownHostException) {
            return failed(e, "check the host name");
        }
        if (e instanceof UntrustedCertificateException) {
            return failed(e, "add --insecure to accept any certificate, or add the server's CA to the Java trust "
                    + "store (-Djavax.net.ssl.trustStore=FILE in H2SCOPE_JAVA_OPTS)");
        }
        if (e instanceof ConnectException) {
            return failed(e, "check the host and port, and that a server is listening there");
        }
        if (e instanceof BindException) {
            return failed(e, String.valueOf(e.getMessage()).contains("in use")
                    ? "stop what listens there, or choose another --port (0 picks a free one)"
                    : "give --host an address of this machine, e.g. 127.0.0.1, or 0.0.0.0 for every interface");
        }
        if (e instanceof HttpConnectTimeoutException) {
            return failed(e, "check the host and port (a firewall may drop the packets)");
        }
        if (e instanceof HttpTimeoutException) {
            return failed(e, "the server may be slow: raise --timeout");
        }
        if (e instanceof NoDisplayException) {
            return new Failure(ExitCode.USAGE, text(e));
        }
        if (e instanceof TraceFormatException) {
            return new Failure(1, "not a JSONL trace: " + text(e)
                    + "; give a file recorded with H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)");
        }
        if (e instanceof FileSystemException f) {
            return new Failure(ExitCode.USAGE, f.getFile() + ": " + reason(f) + ": check the path");
        }
        if (e instanceof FileNotFoundException) {
            return new Failure(ExitCode.USAGE, text(e) + ": check the path");
        }
        if (e instanceof IOException) {
            return new Failure(1, text(e));
        }
        if (e instanceof IllegalArgumentException) {
            return new Failure(ExitCode.USAGE, text(e));
        }
        return null;
    }

    private static Failure failed(Throwable e, String advice) {
        return new Failure(1, text(e) + ": " + advice);
    }

    private static String reason(FileSystemException e) {
        if (e.getReason() != null) {
            return e.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        return e instanceof AccessDeniedException ? "permission denied" : "cannot access";
    }

    /** The message on one line; an exception without one is named by its class. */
    private static String text(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName()
                : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static int print(CommandLine cli, Failure failure) {
        PrintWriter err = cli.getErr();
        cli.getOut().flush(); // what the command printed comes first
        err.println(cli.getCommandSpec().qualifiedName() + ": " + failure.message());
        err.flush();
        return failure.exit();
    }
}
