package io.h2scope.engine.server;

import io.h2scope.engine.transport.AcceptLimits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The server side of {@link AcceptBackoffTest}, run in a child JVM with a low descriptor limit: prints
 * "PORT n", then answers each line "stats" on stdin with "FAILURES n", until stdin ends.
 */
public final class AcceptBackoffChild {

    public static void main(String[] args) throws Exception {
        H2Server server = H2Server.builder().port(0).loopThreads(1)
                .acceptLimits(AcceptLimits.DEFAULTS.withLogInterval(Duration.ofSeconds(1)))
                .handler(ex -> ex.respond(200, List.of(), ByteBuffer.allocate(0))).start();
        System.out.println("PORT " + server.port());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("stats")) {
                System.out.println("FAILURES " + server.acceptFailureCount());
                System.out.flush();
            }
        }
        server.shutdown(Duration.ofSeconds(1));
    }
}
