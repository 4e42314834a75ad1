package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * h2scope's own reference server as a process with an h2c and a TLS listener, the command of
 * {@code docker-targets/h2scope/} (locally and in its container), so the suite can test the engine's
 * server the way it tests nginx. Runs until SIGTERM.
 *
 * <p>Usage: {@code ReferenceServerProcess HOST H2C_PORT TLS_PORT CERT.pem KEY.pem}, or {@code ReferenceServerProcess
 * --version} (the folder's version.command: prints {@code h2scope VERSION} and exits).
 */
public final class ReferenceServerProcess {

    private ReferenceServerProcess() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--version")) {
            System.out.println("h2scope " + H2scopeVersion.get());
            return;
        }
        if (args.length != 5) {
            System.err.println("usage: ReferenceServerProcess HOST H2C_PORT TLS_PORT CERT.pem KEY.pem");
            System.exit(2);
        }
        String host = args[0];
        H2Server h2c = ReferenceServer.start(new ReferenceServer.Options(host, Integer.parseInt(args[1]), false, null, null));
        H2Server tls = ReferenceServer.start(new ReferenceServer.Options(host, Integer.parseInt(args[2]), true,
                Path.of(args[3]), Path.of(args[4])));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> List.of(h2c, tls).forEach(s -> s.shutdown(Duration.ofSeconds(2)))));
        System.out.println("h2scope reference server: " + h2c.url() + " (h2c) and " + tls.url() + " (TLS)");
        Thread.currentThread().join();
    }
}
