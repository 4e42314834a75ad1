package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.engine.proxy.RecordingProxy;
import java.net.InetSocketAddress;

/**
 * h2scope's own byte-exact relay ({@link OwnRelay}) as a process of its own, the command of
 * {@code docker-targets/h2scope-proxy/}: an intermediary h2scope starts, measures and stops like nginx, so the matrix
 * has a column that must come out "forwarded as it came". A JVM with the class path of the one running h2scope, the
 * CLI's or a test's (the CLI's {@code proxy} command is not on a test's class path). Runs until SIGTERM.
 *
 * <p>Usage: {@code OwnRelayProcess HOST FRONT_PORT ORIGIN_PORT} (toward the h2c origin on 127.0.0.1:ORIGIN_PORT), or
 * {@code OwnRelayProcess --version} (the folder's version.command: prints {@code h2scope VERSION} and exits).
 */
public final class OwnRelayProcess {

    private OwnRelayProcess() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--version")) {
            System.out.println("h2scope " + H2scopeVersion.get());
            return;
        }
        if (args.length != 3) {
            System.err.println("usage: OwnRelayProcess HOST FRONT_PORT ORIGIN_PORT");
            System.exit(2);
        }
        RecordingProxy relay = OwnRelay.toward(new InetSocketAddress(args[0], Integer.parseInt(args[1])),
                Integer.parseInt(args[2]));
        Runtime.getRuntime().addShutdownHook(new Thread(relay::close));
        System.out.println("h2scope relay: " + relay.address() + " -> 127.0.0.1:" + args[2] + " (h2c), byte for byte");
        Thread.currentThread().join();
    }
}
