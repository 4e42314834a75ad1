package io.h2scope.engine.server;

import io.h2scope.engine.transport.AcceptLimits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The server side of {@link AcceptBackoffTest} and {@link DescriptorReserveTest}, run in a child JVM with a low
 * descriptor limit: prints "PORT n CAP c" (c: the connection cap in force), then answers each line "stats" on stdin
 * with "FAILURES n SHED s REFUSED r", until stdin ends.
 */
public final class AcceptBackoffChild {

    /** Starts this class in a child JVM whose descriptor limit is {@code descriptors} ({@code prlimit}), stderr to {@code log}. */
    static Process launch(int descriptors, java.nio.file.Path log, String... args) throws java.io.IOException {
        List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/prlimit",
                "--nofile=" + descriptors + ":" + descriptors,
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m", "-cp",
                System.getProperty("java.class.path"), AcceptBackoffChild.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(log.toFile()).start();
    }

    public static void main(String[] args) throws Exception {
        H2Server server = H2Server.builder().port(0).loopThreads(1)
                .acceptLimits(AcceptLimits.DEFAULTS.withLogInterval(Duration.ofSeconds(1)))
                .handler(ex -> ex.respond(200, List.of(), ByteBuffer.allocate(0))).start();
        // with "hog N": N more descriptors taken after the server bound (as files a process opens later would), so that
        // the cap it derived from the descriptor limit is too high and accept itself meets EMFILE
        List<java.io.FileInputStream> hogs = new java.util.ArrayList<>();
        for (int i = 0; args.length == 2 && args[0].equals("hog") && i < Integer.parseInt(args[1]); i++) {
            hogs.add(new java.io.FileInputStream("/dev/null"));
        }
        System.out.println("PORT " + server.port() + " CAP " + server.connectionCap());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("stats")) {
                System.out.println("FAILURES " + server.acceptFailureCount() + " SHED " + server.shedConnectionCount()
                        + " REFUSED " + server.refusedConnectionCount());
                System.out.flush();
            }
        }
        server.shutdown(Duration.ofSeconds(1));
    }
}
