package io.h2scope.inspector;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.model.TraceEvent;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;

/**
 * Real traffic for the inspector's tests: the engine's client talks to the engine's reference server over h2c on
 * loopback, and every event of the client's connection is kept, as a recording of it would hold them.
 */
public final class RecordedExchange {

    private RecordedExchange() {
    }

    /** A GET of /, a POST of {@code bodyOctets} to /echo and a GET of /headers on one connection: the client's events. */
    public static List<TraceEvent> clientEvents(int bodyOctets) throws Exception {
        List<TraceEvent> events = new ArrayList<>();
        TraceSink sink = new TraceSink() {
            @Override
            public synchronized void onEvent(TraceEvent event) {
                events.add(event);
            }

            @Override
            public boolean wantsHpackDetail() {
                return true;
            }
        };
        try (H2Server server = ReferenceServer.start(ReferenceServer.Options.h2c());
             H2Client client = H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(sink).build()) {
            client.get(server.url());
            client.send(H2Request.newBuilder(server.url() + "echo")
                    .POST(BodyPublishers.ofByteArray(new byte[bodyOctets])).build(), BodyHandlers.ofByteArray());
            client.send(H2Request.newBuilder(server.url() + "headers").header("x-test", "inspector").build(),
                    BodyHandlers.ofString());
        }
        synchronized (sink) {
            return new ArrayList<>(events);
        }
    }
}
