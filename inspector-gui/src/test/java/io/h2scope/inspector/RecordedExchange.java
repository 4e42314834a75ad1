package io.h2scope.inspector;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.redact.RedactingSink;
import io.h2scope.engine.trace.text.Redaction;

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
        Collected sink = new Collected();
        try (H2Server server = ReferenceServer.start(ReferenceServer.Options.h2c());
             H2Client client = H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(sink).build()) {
            client.get(server.url());
            client.send(H2Request.newBuilder(server.url() + "echo")
                    .POST(BodyPublishers.ofByteArray(new byte[bodyOctets])).build(), BodyHandlers.ofByteArray());
            client.send(H2Request.newBuilder(server.url() + "headers").header("x-test", "inspector").build(),
                    BodyHandlers.ofString());
        }
        return sink.events();
    }

    /** Every event an engine's connections publish, with HPACK detail, from any thread. */
    private static final class Collected implements TraceSink {
        private final List<TraceEvent> events = new ArrayList<>();

        @Override
        public synchronized void onEvent(TraceEvent event) {
            events.add(event);
        }

        @Override
        public boolean wantsHpackDetail() {
            return true;
        }

        synchronized List<TraceEvent> events() {
            return new ArrayList<>(events);
        }
    }

    /** The credentials {@link #credentialEvents} sends: the values of authorization, cookie and x-api-key. */
    public static final List<String> SECRETS = List.of("Bearer secret123", "session=cookie-secret-0123456789",
            "apikey-secret-4242");

    /**
     * Two GETs of /headers on one connection with authorization, cookie and x-api-key (the second sends the indexed
     * cookie and x-api-key from the table), recorded as {@code H2SCOPE_TRACE_REVEAL=1} would record them: the
     * values in clear, the opening saying so. The client's events.
     */
    public static List<TraceEvent> credentialEvents() throws Exception {
        Collected collect = new Collected();
        TraceSink revealing = RedactingSink.wrap(collect, Redaction.DEFAULT.revealing(true), TracePrivacy.ALL_DATA);
        try (H2Server server = ReferenceServer.start(ReferenceServer.Options.h2c());
             H2Client client = H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(revealing).build()) {
            for (int i = 0; i < 2; i++) {
                client.send(H2Request.newBuilder(server.url() + "headers").header("authorization", SECRETS.get(0))
                        .header("cookie", SECRETS.get(1)).header("x-api-key", SECRETS.get(2)).build(),
                        BodyHandlers.ofString());
            }
        }
        return collect.events();
    }
}
