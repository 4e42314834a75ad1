package io.h2scope.cli.console;

import io.h2scope.cli.options.DurationValue;
import io.h2scope.cli.options.InputFile;
import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.console.ConsoleAction;
import io.h2scope.engine.console.ConsoleInput;
import io.h2scope.engine.console.ConsoleParser;
import io.h2scope.engine.console.ConsoleSession;
import io.h2scope.engine.console.ConsoleStartException;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.SocketWire;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.ConnectionOrigins;
import io.h2scope.engine.trace.config.TraceConfig;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code h2scope console}: send any frame to an HTTP/2 server, one command a line, and see its answers decoded live. */
@Command(name = "console", mixinStandardHelpOptions = true,
        description = {"An interactive HTTP/2 console (like Go's h2i): send any frame, valid or not, and see the "
                        + "answers decoded live.",
                "Connects to URL (https: TLS with ALPN h2; http: h2c by prior knowledge, or by HTTP/1.1 Upgrade: h2c "
                        + "with --upgrade), then runs one command a line from stdin. Every frame both ways is printed "
                        + "as it arrives, one line each (the text trace format, headers decoded); a GOAWAY or "
                        + "RST_STREAM of the peer is explained with its error code. A bad line gets a one-line error "
                        + "and the console goes on.",
                "Commands: settings, ping, headers, get, data, rst, goaway, window, priority, raw, wait, help, quit "
                        + "('help' in the console shows their arguments; docs/INSPECTOR.md, 'The console')."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the session ended (quit, end of input, or the peer closed the connection)",
                "2:usage error (a bad option or URL)",
                "3:no HTTP/2 connection: cannot connect, TLS or ALPN failed, or the peer does not speak HTTP/2"})
public final class ConsoleCommand implements Callable<Integer> {

    /** Exit status when no HTTP/2 connection was had, as {@code conform} exits when its target was not reached. */
    static final int EXIT_NO_HTTP2 = 3;

    @Parameters(paramLabel = "URL", description = "http://host:port/ or https://host:port/ (the path: what get "
            + "and --upgrade request by default)")
    String url;

    @Option(names = {"-k", "--insecure"}, description = "accept any server certificate (never the default)")
    boolean insecure;

    @Option(names = "--upgrade", description = "http:// only: start with HTTP/1.1 Upgrade: h2c (RFC 7540 §3.2), "
            + "the URL's path on stream 1, instead of prior knowledge")
    boolean upgrade;

    @Option(names = "--settings", paramLabel = "ID=VALUE", split = ",", description = "the first SETTINGS frame's "
            + "parameters (names like MAX_FRAME_SIZE, or numbers; default: an empty SETTINGS)")
    List<String> settings = List.of();

    @Option(names = "--no-auto-ack", description = "do not ACK the peer's SETTINGS by itself (send 'settings ack')")
    boolean noAutoAck;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s", converter = DurationValue.Positive.class,
            description = "how long connecting and the peer's first frame may take (default ${DEFAULT-VALUE})")
    Duration timeout;

    @Option(names = "--wait", paramLabel = "DURATION", defaultValue = "1s", converter = DurationValue.class,
            description = "what 'wait' with no argument waits (default ${DEFAULT-VALUE})")
    Duration defaultWait;

    @Option(names = "--linger", paramLabel = "DURATION", defaultValue = "500ms", converter = DurationValue.class,
            description = "at the end of the input, print what the peer still sends until it is quiet this long, at "
                    + "most --timeout (default ${DEFAULT-VALUE})")
    Duration linger;

    @Option(names = "--script", paramLabel = "FILE", converter = InputFile.class, description = "run the lines of FILE instead of stdin's "
            + "(one command a line, '#' comments; `conform --case ID --save-script FILE` writes a case's)")
    Path script;

    @Spec
    CommandSpec spec;

    /** Where the commands come from: stdin, or a test's script. */
    private InputStream stdin = System.in;

    /** For tests: the commands come from {@code script}. */
    ConsoleCommand readingFrom(InputStream script) {
        this.stdin = script;
        return this;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Target target = target();
        if (script != null) {
            stdin = scriptInput();
        }
        ConsoleParser parser = new ConsoleParser(target.scheme(), target.authority(), defaultWait);
        List<RawSetting> first = firstSettings(parser);
        Socket socket;
        try {
            socket = Peer.openSocket(target, PeerOptions.defaults().withInsecure(insecure).withTimeout(timeout.dividedBy(2)));
        } catch (HandshakeException e) {
            return noHttp2(err, e.getMessage() + (e.kind() == HandshakeException.Kind.TLS && !insecure
                    ? " (a self-signed certificate: add --insecure)" : ""));
        }
        out.println("connected to " + target.url() + (target.tls() ? " (TLS, ALPN h2)" : upgrade
                ? " (h2c, Upgrade)" : " (h2c, prior knowledge)") + "; 'help' lists the commands");
        out.flush();
        ConnectionOrigin origin = ConnectionOrigins.of(socket, upgrade ? ConnectionOrigin.H2C_UPGRADE : ConnectionOrigin.H2C,
                Instant.now());
        try (ConsoleSession session = new ConsoleSession(new SocketWire(socket), origin, line -> {
            out.println(line);
            out.flush();
        }, TraceConfig.fromSystemEnvironment().redaction(), TraceSinks.fromEnvironment(), !noAutoAck)) {
            try {
                session.start(upgrade ? ConsoleSession.Start.UPGRADE : ConsoleSession.Start.PRIOR_KNOWLEDGE, first,
                        target.authority(), target.path(), timeout);
            } catch (ConsoleStartException e) {
                return noHttp2(err, e.getMessage());
            }
            session.converse(readLines(), parser, error -> {
                out.flush();
                err.println("h2scope console: " + error);
                err.flush();
            }, linger, timeout);
        }
        return CommandLine.ExitCode.OK;
    }

    /** Stdin's lines, read on a daemon thread so that the peer's frames print while nothing is typed. */
    private ConsoleInput readLines() {
        ConsoleInput input = new ConsoleInput();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    input.line(line);
                }
            } catch (IOException e) {
                // the input is gone: the end of it
            } finally {
                input.end();
            }
        }, "console-input");
        reader.setDaemon(true);
        reader.start();
        return input;
    }

    private InputStream scriptInput() {
        try {
            return Files.newInputStream(script);
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--script " + script + " cannot be read ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "): give a file of console lines");
        }
    }

    private Target target() {
        Target target;
        try {
            target = Target.parse(url);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage()
                    + "; give a URL such as https://example.com/ or http://127.0.0.1:8080/");
        }
        if (upgrade && target.tls()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--upgrade is for http:// URLs only: "
                    + "https:// negotiates HTTP/2 by TLS ALPN (RFC 9113 §3.2), got " + url);
        }
        return target;
    }

    /** --settings read as the console's own 'settings' command reads its arguments. */
    private List<RawSetting> firstSettings(ConsoleParser parser) {
        if (settings.isEmpty()) {
            return List.of();
        }
        try {
            ConsoleAction action = parser.parse("settings " + String.join(" ", settings));
            return ((SettingsFrame) ((ConsoleAction.SendFrame) action).frame()).settings();
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--settings " + e.getMessage());
        }
    }

    private static int noHttp2(PrintWriter err, String message) {
        err.println("h2scope console: " + message);
        err.flush();
        return EXIT_NO_HTTP2;
    }
}
