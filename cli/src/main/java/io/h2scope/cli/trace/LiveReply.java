package io.h2scope.cli.trace;

import io.h2scope.cli.options.AttachOptions;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;

/**
 * The engine {@code trace level} and {@code trace record} talk to ({@code --attach}, {@code --token}), and one command
 * sent to its attach socket with the reply printed: what is in force now, one line each for the levels, the filter
 * and the recording. A refusal, or nothing listening, is one line on standard error and exit status 1.
 */
final class LiveReply {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--attach", required = true, paramLabel = "SOCKET|HOST:PORT",
            description = "the engine's H2SCOPE_TRACE_LISTEN")
    String attach;

    @Mixin
    AttachOptions options;

    int send(Map<String, Object> request) {
        ListenAddress address = AttachOptions.address(spec, attach);
        String name = "h2scope trace " + spec.name() + ": ";
        try {
            Map<String, Object> reply = AttachClient.command(address, options.token(), request);
            PrintWriter out = spec.commandLine().getOut();
            out.println("levels: " + String.valueOf(reply.get("levels")).replace(',', ' '));
            out.println("only: " + reply.get("only"));
            out.println("recording: " + (reply.get("recording") == null ? "off" : reply.get("recording")));
            out.flush();
            return 0;
        } catch (AttachException e) {
            error(name + e.getMessage() + (e.detail().endsWith("wrong token")
                    ? "; give the token it printed at start-up with --token" : ""));
        } catch (IOException e) {
            error(name + e.getMessage());
        }
        return 1;
    }

    private void error(String line) {
        spec.commandLine().getErr().println(line);
        spec.commandLine().getErr().flush();
    }
}
