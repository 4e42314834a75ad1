package io.h2scope.cli.get;

import io.h2scope.cli.options.DurationValue;
import io.h2scope.cli.options.InputFile;
import io.h2scope.cli.options.OutputFile;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.H2Response;
import io.h2scope.engine.client.HeaderLines;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.config.TraceConfig;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code h2scope get}: one HTTP/2 request with the engine's client; the body to stdout, frames to stderr with -v. */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = {"Fetch a URL over HTTP/2 (https: TLS with ALPN h2; http: h2c by prior knowledge, or by "
                        + "HTTP/1.1 Upgrade: h2c with --h2c-upgrade) and print the body.",
                "With -v every frame sent and received is printed to stderr, one line each, with the flow-control "
                        + "windows after it (the text trace format); an upgrade's HTTP/1.1 request and response come "
                        + "first, one line each."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:a response was received (any status)",
                "1:no response (unknown host, connection refused, untrusted certificate, timeout, reset)",
                "2:usage error (a bad option or URL, a -d @FILE that cannot be read)"})
public final class GetCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-v", "--verbose"}, description = "print every frame to stderr")
    boolean verbose;

    @Option(names = {"-k", "--insecure"}, description = "accept any server certificate (never the default)")
    boolean insecure;

    @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'", description = "add a request header (repeatable)")
    List<String> headers = new ArrayList<>();

    @Option(names = {"-d", "--data"}, paramLabel = "DATA|@FILE", description = "request body (makes the method POST)")
    String data;

    @Option(names = {"-X", "--request"}, paramLabel = "METHOD", description = "request method (default GET, or POST with -d)")
    String method;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OutputFile.class, description = "write the body to FILE instead of stdout")
    Path output;

    @Option(names = "--h2c-upgrade", description = "http:// only: start with HTTP/1.1 Upgrade: h2c (RFC 7540 §3.2) instead "
            + "of prior knowledge; a request with a body goes on stream 3 after an OPTIONS * upgrade")
    boolean h2cUpgrade;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "60s", converter = DurationValue.Positive.class,
            description = "whole-request timeout, e.g. 10s, 500ms, 2m; a bare number is seconds (default: ${DEFAULT-VALUE})")
    Duration timeout;

    @Parameters(paramLabel = "URL", description = "http:// or https:// URL")
    String url;

    private final OutputStream stdout;

    public GetCommand() {
        this(System.out);
    }

    /** For tests: the body goes to {@code stdout}. */
    public GetCommand(OutputStream stdout) {
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws Exception {
        H2Request request = request();
        PrintWriter err = spec.commandLine().getErr();
        if (h2cUpgrade && request.isTls()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--h2c-upgrade is for http:// URLs only: "
                    + "https:// negotiates HTTP/2 by TLS ALPN (RFC 9113 §3.2), got " + url);
        }
        H2Client.Builder builder = H2Client.newBuilder().maxRetries(0).h2cUpgrade(h2cUpgrade);
        if (insecure) {
            builder.insecure();
        }
        TraceSink environment = TraceSinks.fromEnvironment();
        builder.traceSink(verbose ? TraceSinks.compose(List.of(new FrameLinePrinter(err, TraceConfig.fromSystemEnvironment().redaction()), environment)) : environment);
        try (H2Client client = builder.build()) {
            H2Response<InputStream> response = client.send(request, BodyHandlers.ofInputStream());
            try (InputStream body = response.body(); OutputStream out = output == null ? nonClosing(stdout)
                    : Files.newOutputStream(output)) {
                body.transferTo(out);
            }
            response.trailers().get();
            stdout.flush();
            return 0;
        } finally {
            err.flush();
        }
    }

    private H2Request request() throws IOException {
        H2Request.Builder b;
        try {
            URI uri = URI.create(url);
            if (uri.getPort() > 65_535) { // else the JDK's "port out of range:99999" once connecting
                throw new IllegalArgumentException("port " + uri.getPort() + " is not 1..65535 in " + url);
            }
            b = H2Request.newBuilder(uri);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage()
                    + "; give a URL such as https://example.com/ or http://127.0.0.1:8080/path");
        }
        for (String h : headers) {
            try {
                HeaderField field = HeaderLines.parse(h);
                b.header(field.name(), field.value());
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "-H " + e.getMessage());
            }
        }
        BodyPublisher body = null;
        if (data != null && data.startsWith("@")) {
            Path file = Path.of(data.substring(1));
            Optional<String> problem = InputFile.problem(file);
            if (problem.isPresent()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "-d " + data + ": " + problem.get()
                        + ", or drop the @ to send the text itself");
            }
            body = BodyPublishers.ofFile(file);
        } else if (data != null) {
            body = BodyPublishers.ofString(data, StandardCharsets.UTF_8);
        }
        String m = method != null ? method : body != null ? "POST" : "GET";
        try {
            HeaderLines.method(m);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-X " + e.getMessage());
        }
        return b.method(m, body).timeout(timeout).build();
    }

    private static OutputStream nonClosing(OutputStream out) {
        return new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                out.flush();
            }
        };
    }
}
