package io.h2scope.cli.serve;

import io.h2scope.cli.options.InputFile;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.ServerOption;
import io.h2scope.engine.server.ServerOptionValues;
import io.h2scope.engine.server.ServerOptionValuesException;
import io.h2scope.engine.server.ServerOptions;
import io.h2scope.engine.server.reference.ReferenceServer;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code h2scope serve}: runs the reference HTTP/2 server until Ctrl-C (graceful shutdown on SIGINT/SIGTERM). */
@Command(name = "serve", mixinStandardHelpOptions = true, modelTransformer = ServeCommand.SettingFlags.class,
        description = {"Run the reference HTTP/2 server (h2 over TLS, or cleartext h2c by prior knowledge and Upgrade).",
                "Routes: / (small text), /echo (request body back), /bytes/N (N pattern bytes), /slow?ms=M, "
                        + "/headers (request headers as JSON), /push (server push of /pushed.css); anything else is 404.",
                "Runs until Ctrl-C; in-flight requests get " + ServeCommand.GRACE_SECONDS + " s to finish."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:stopped by a signal", "1:could not start (port in use, an address not of this machine, "
                + "a bad certificate)", "2:usage error (a bad option, a --cert or --key file that cannot be read)"})
public final class ServeCommand implements Callable<Integer> {

    static final int GRACE_SECONDS = 5;

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "N",
            description = "port to listen on, 0..65535; 0 picks a free one (default: 8443 with TLS, 8080 with h2c)")
    Integer port;

    @Option(names = "--host", paramLabel = "ADDR", converter = BindAddress.class,
            description = "address to bind (default: 127.0.0.1; 0.0.0.0 for every interface)")
    String host;

    @CommandLine.ArgGroup(exclusive = true)
    Mode mode = new Mode();

    static final class Mode {
        @Option(names = "--tls", description = "h2 over TLS (a self-signed certificate unless --cert/--key)")
        boolean tls;

        @Option(names = "--h2c", description = "cleartext HTTP/2, prior knowledge and Upgrade: h2c (the default)")
        boolean h2c;
    }

    @Option(names = "--cert", paramLabel = "FILE", converter = InputFile.class,
            description = "PEM certificate chain (implies --tls)")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE", converter = InputFile.class,
            description = "PEM private key (implies --tls)")
    Path key;

    @Option(names = "--config", paramLabel = "FILE", converter = InputFile.class,
            description = "settings from FILE: one key = value a line, the keys these flags' names without --"
                    + " (docs/SERVER.md); a flag given here wins over the file")
    Path config;

    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile H2Server server;

    @Override
    public Integer call() throws Exception {
        ServerOptionValues settings = settings();
        boolean tls = settings.value("tls").map(Boolean::parseBoolean).orElse(false) || settings.value("cert").isPresent();
        if (settings.value("port").isEmpty()) {
            settings = settings.with("port", tls ? "8443" : "8080", "the default port");
        }
        PrintWriter out = spec.commandLine().getOut();
        H2Server.Builder builder = ReferenceServer.configure(ReferenceServer.Options.h2c());
        try {
            settings.applyTo(builder);
        } catch (ServerOptionValuesException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        server = builder.start();
        Thread hook = new Thread(this::stop, "h2scope-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println("h2scope serve: listening on " + server.url() + (tls ? " (h2 over TLS)" : " (h2c: prior knowledge and Upgrade)"));
        if (tls && settings.value("cert").isEmpty()) {
            out.println("  self-signed certificate for localhost: curl --http2 -k " + server.url());
        } else if (!tls) {
            out.println("  try: curl --http2-prior-knowledge " + server.url());
        }
        out.println("  routes: / /echo /bytes/N /slow?ms=M /headers /push; Ctrl-C stops");
        out.flush();
        stopped.await();
        return 0;
    }

    /** The config file's settings, then every flag given on the command line over them. */
    private ServerOptionValues settings() throws java.io.IOException {
        if ((cert == null) != (key == null) && config == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--cert and --key go together");
        }
        if (cert != null && mode.h2c) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--cert/--key need TLS, not --h2c");
        }
        if (port != null && (port < 0 || port > 65_535)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port must be 0..65535, got " + port);
        }
        ServerOptionValues settings;
        try {
            settings = config != null ? ServerOptionValues.read(config) : ServerOptionValues.empty();
        } catch (ServerOptionValuesException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        for (ServerOption option : ServerOptions.all()) {
            String flag = "--" + option.key();
            if (!SettingFlags.DECLARED.contains(option.key()) && given.hasMatchedOption(flag)) {
                String value = given.matchedOptionValue(flag, "");
                settings = settings.with(option.key(), value, flag + " " + value);
            }
        }
        if (host != null) {
            settings = settings.with("host", host, "--host " + host);
        }
        if (port != null) {
            settings = settings.with("port", String.valueOf(port), "--port " + port);
        }
        if (mode.tls || mode.h2c) {
            settings = settings.with("tls", String.valueOf(mode.tls), mode.tls ? "--tls" : "--h2c");
        }
        if (cert != null) {
            settings = settings.with("cert", cert.toString(), "--cert " + cert).with("tls", "true", "--cert " + cert);
        }
        if (key != null) {
            settings = settings.with("key", key.toString(), "--key " + key);
        }
        return settings;
    }

    /**
     * Adds a flag for every server setting the command does not declare itself ({@code --port}, {@code --host},
     * {@code --cert}, {@code --key} have their own checks at parse time): {@code --max-concurrent-streams}, ...
     * Each is a string here; its value is checked where a config file's is ({@link ServerOptionValues#applyTo}).
     */
    public static final class SettingFlags implements CommandLine.IModelTransformer {

        /** The settings this command declares as annotated options (tls: --tls and --h2c). */
        static final java.util.Set<String> DECLARED = java.util.Set.of("host", "port", "tls", "cert", "key");

        @Override
        public CommandSpec transform(CommandSpec command) {
            for (ServerOption option : ServerOptions.all()) {
                if (!DECLARED.contains(option.key())) {
                    command.addOption(CommandLine.Model.OptionSpec.builder("--" + option.key())
                            .paramLabel(option.label()).type(String.class)
                            .description(option.summary() + " (default: " + option.defaultText() + ")").build());
                }
            }
            return command;
        }
    }

    /** Graceful shutdown (the shutdown hook, or a test). */
    void stop() {
        H2Server s = server;
        if (s != null) {
            s.shutdown(Duration.ofSeconds(GRACE_SECONDS));
        }
        stopped.countDown();
    }

    H2Server server() {
        return server;
    }
}
