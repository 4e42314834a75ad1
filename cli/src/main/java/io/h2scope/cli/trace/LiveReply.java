package io.h2scope.cli.trace;

import io.h2scope.cli.AttachOptions;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;

/**
 * One command of {@code trace level} or {@code trace record} sent to a running engine's attach socket, and its reply
 * printed: what is in force now, one line each for the levels, the filter and the recording. A refusal, or nothing
 * listening, is one line on standard error and exit status 1.
 */
final class LiveReply {

    private LiveReply() {
    }

    static int send(CommandSpec spec, String attach, AttachOptions options, Map<String, Object> request) {
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
            error(spec, name + e.getMessage() + (e.detail().endsWith("wrong token")
                    ? "; give the token it printed at start-up with --token" : ""));
        } catch (IOException e) {
            error(spec, name + e.getMessage());
        }
        return 1;
    }

    private static void error(CommandSpec spec, String line) {
        spec.commandLine().getErr().println(line);
        spec.commandLine().getErr().flush();
    }
}
