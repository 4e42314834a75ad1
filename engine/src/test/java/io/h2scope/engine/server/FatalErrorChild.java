package io.h2scope.engine.server;

import io.h2scope.engine.http.RequestHead;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The server side of {@link FatalErrorTest}, run in a child JVM with a small heap and the server's defaults: prints
 * "PORT n"; {@code GET /} is answered, {@code GET /oom} runs on the selector loop and allocates until the heap is gone.
 */
public final class FatalErrorChild {

    /** What /oom holds on to, so that the heap really runs out. */
    static final List<byte[]> HELD = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        H2Server server = H2Server.builder().port(0).loopThreads(1).handler(new H2Handler() {
            @Override
            public boolean isNonBlocking(RequestHead request) {
                return true; // on the loop: the OutOfMemoryError meets the loop, as a crowd's queued data would
            }

            @Override
            public void handle(ServerExchange ex) {
                if ("/oom".equals(ex.request().path())) {
                    while (true) {
                        HELD.add(new byte[1 << 20]);
                    }
                }
                ex.respond(200, List.of(), ByteBuffer.wrap("ok\n".getBytes()));
            }
        }).start();
        System.out.println("PORT " + server.port());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // until the server ends the process, or the test kills it
    }
}
