package io.h2scope.engine.server.reference;

import io.h2scope.engine.server.H2Server;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Starts the reference server ({@link ReferenceHandler}) in-process: what {@code ./h2scope serve} runs
 * and what the conformance suite embeds as its default target.
 */
public final class ReferenceServer {

    /**
     * @param host     address to bind, e.g. "127.0.0.1"
     * @param port     0 for an ephemeral port
     * @param tls      h2 over TLS (true) or cleartext h2c (false)
     * @param certFile PEM certificate chain, or null for a generated self-signed one (TLS only)
     * @param keyFile  PEM private key, or null (TLS only)
     */
    public record Options(String host, int port, boolean tls, Path certFile, Path keyFile) {

        /** h2c on 127.0.0.1, ephemeral port. */
        public static Options h2c() {
            return new Options("127.0.0.1", 0, false, null, null);
        }

        /** TLS with a self-signed certificate on 127.0.0.1, ephemeral port. */
        public static Options tlsSelfSigned() {
            return new Options("127.0.0.1", 0, true, null, null);
        }

        public Options withPort(int p) {
            return new Options(host, p, tls, certFile, keyFile);
        }

        public Options withHost(String h) {
            return new Options(h, port, tls, certFile, keyFile);
        }
    }

    private ReferenceServer() {
    }

    public static H2Server start(Options options) throws IOException {
        return configure(options).start();
    }

    /** The builder {@link #start} uses, for callers that add a trace sink or limits first. */
    public static H2Server.Builder configure(Options options) {
        H2Server.Builder builder = H2Server.builder().host(options.host()).port(options.port())
                .handler(new ReferenceHandler());
        if (options.tls()) {
            if (options.certFile() != null) {
                builder.tls(options.certFile(), options.keyFile());
            } else {
                builder.tlsSelfSigned();
            }
        }
        return builder;
    }
}
