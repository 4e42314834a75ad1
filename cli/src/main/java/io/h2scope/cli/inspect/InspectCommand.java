package io.h2scope.cli.inspect;

import io.h2scope.cli.options.AttachOptions;
import io.h2scope.cli.options.InputFile;
import io.h2scope.cli.options.RevealOption;
import io.h2scope.inspector.model.FrameFields;
import io.h2scope.inspector.source.AttachSource;
import io.h2scope.inspector.source.FollowFileSource;
import io.h2scope.inspector.source.RecordingFileSource;
import io.h2scope.inspector.source.TraceSource;
import io.h2scope.inspector.view.EarlyToolkit;
import io.h2scope.inspector.view.InspectorApp;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code h2scope inspect}: the inspector's window, over a recording, a file being written or a running engine. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Open the inspector window: frames, streams, flow-control windows, HPACK tables and settings.",
                "With FILE it opens a JSONL recording (H2SCOPE_TRACE_FILE); with --follow it follows a file an engine "
                        + "is writing, across its rolls; with --attach it shows a running engine live "
                        + "(H2SCOPE_TRACE_LISTEN). Without any, the window opens empty (File > Open, or drop a file on it).",
                "Credential values are shown as <redacted N bytes> unless --reveal is given (and the recording holds "
                        + "them: H2SCOPE_TRACE_REVEAL=1); the status line says when a recording holds them in clear.",
                "It needs a display; where there is none, ./h2scope trace print FILE prints a recording as text."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the window was closed", "2:usage error, a FILE that cannot be read, or no display"})
public final class InspectCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Source source;

    static final class Source {
        @Parameters(paramLabel = "FILE", converter = InputFile.class, description = "a JSONL recording to open")
        Path file;

        @Option(names = "--follow", paramLabel = "FILE", description = "a recording being written, followed as it grows")
        Path follow;

        @Option(names = "--attach", paramLabel = "SOCKET|HOST:PORT", description = "the engine's H2SCOPE_TRACE_LISTEN")
        String attach;
    }

    @Mixin
    AttachOptions attachOptions;

    @Option(names = "--reconnect-for", paramLabel = "SECONDS", description = "with --attach: how long a socket that "
            + "drops is tried again before the window gives up (default: 60, 0: not at all)")
    Long reconnectFor;

    @Mixin
    RevealOption reveal;

    @Option(names = "--field-strings", paramLabel = "N", description = "how many distinct header names and values the "
            + "window keeps for filters on them (default: ${DEFAULT-VALUE}); a frame with others is read again from "
            + "its file when filtered")
    int fieldStrings = FrameFields.MAX_STRINGS;

    private final Map<String, String> environment;

    public InspectCommand() {
        this(System.getenv());
    }

    /** With the environment given (a test's, to decide about the display). */
    public InspectCommand(Map<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<TraceSource> sources = new ArrayList<>();
        if (source != null && source.file != null) {
            sources.add(new RecordingFileSource(source.file));
        } else if (source != null && source.follow != null) {
            sources.add(new FollowFileSource(source.follow));
        } else if (source != null && source.attach != null) {
            sources.add(new AttachSource(AttachOptions.address(spec, source.attach), attachOptions.token(),
                    reconnectFor()));
        } else if (reconnectFor != null) {
            throw new ParameterException(spec.commandLine(), "--reconnect-for goes with --attach: it says how long a "
                    + "dropped attach is tried again");
        }
        if (fieldStrings < 0) {
            throw new ParameterException(spec.commandLine(), "--field-strings " + fieldStrings + ": give 0 or more "
                    + "(0: none kept, a filter on a header reads each frame again)");
        }
        if (!Display.available(environment, System.getProperties())) {
            throw new NoDisplayException("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); "
                    + "print a recording as text with ./h2scope trace print FILE, or follow one with "
                    + "./h2scope trace follow");
        }
        if (NamedJavaFx.needed()) {
            // the root command's top-level class (the one with main: the root of an inspect run is a nested tree of
            // this command alone) runs the same arguments in the child; its package imports this one, not back
            CommandSpec root = spec.root();
            Class<?> main = root.userObject().getClass();
            while (main.getEnclosingClass() != null) {
                main = main.getEnclosingClass();
            }
            return NamedJavaFx.run(main, root.commandLine().getParseResult().originalArgs());
        }
        InspectorApp.launch(sources, reveal.redaction(), fieldStrings);
        return 0;
    }

    /**
     * Called first in {@code main} for {@code inspect ARGS...}: shows the window's first frame before the command line
     * is parsed ({@link EarlyToolkit}) when a window will open in this JVM (a display, JavaFX as named modules, no help
     * asked for, and a command line that will parse: {@link InspectArguments}); else the parse comes first, and a
     * usage error is printed with no window ever shown.
     */
    public static void startToolkitEarly(String[] args) {
        for (String arg : args) {
            if (arg.equals("-h") || arg.equals("--help") || arg.equals("-V") || arg.equals("--version")) {
                return;
            }
        }
        if (Display.available(System.getenv(), System.getProperties()) && !NamedJavaFx.needed()
                && InspectArguments.plausible(List.of(args).subList(1, args.length))) {
            EarlyToolkit.start();
        }
    }

    /** {@code --reconnect-for}, or {@link AttachSource#DEFAULT_RECONNECT_FOR}; a negative value is a usage error. */
    private Duration reconnectFor() {
        if (reconnectFor == null) {
            return AttachSource.DEFAULT_RECONNECT_FOR;
        }
        if (reconnectFor < 0) {
            throw new ParameterException(spec.commandLine(), "--reconnect-for " + reconnectFor + ": give 0 or more "
                    + "seconds (0: the window ends the attach when its socket drops)");
        }
        return Duration.ofSeconds(reconnectFor);
    }
}
