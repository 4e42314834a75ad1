package io.h2scope.engine.client;

import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.testsupport.ReferenceServers;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceSink;

import java.util.Queue;

/**
 * For tests of which thread does a client's work: the engine's reference server over h2c and over TLS,
 * started once per test class, a one-connection client that trusts it, and a sink recording the threads
 * that publish HEADERS frames.
 */
abstract class ReferenceServerPair extends ReferenceServers {

    static H2Server server(boolean useTls) {
        return useTls ? tls : h2c;
    }

    static H2Client client(TraceSink sink) {
        return H2Client.newBuilder().trust(tls.keyMaterial().orElseThrow().chain()).verifyHostname(false)
                .maxConnectionsPerAuthority(1).traceSink(sink).build();
    }

    /** Records the thread on which each HEADERS frame going {@code direction} is published. */
    static TraceSink headersThreads(Direction direction, Queue<Thread> threads) {
        return new TraceSink() {
            @Override
            public void onEvent(io.h2scope.engine.trace.model.TraceEvent traced) {
            if (!(traced instanceof FrameEvent e)) {
                return;
            }
                if (e.direction() == direction && e.frame() instanceof HeadersFrame) {
                    threads.add(Thread.currentThread());
                }
            }
        };
    }
}
