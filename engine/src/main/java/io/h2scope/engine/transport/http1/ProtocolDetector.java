package io.h2scope.engine.transport.http1;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import java.nio.ByteBuffer;

/**
 * Decides from the first bytes of a connection what the client speaks: the HTTP/2 client connection
 * preface means HTTP/2 with prior knowledge, anything else is handed to {@link Http1Exchange}. Works
 * with any split of the input, down to one byte at a time; nothing is consumed or lost on the way.
 */
public final class ProtocolDetector implements ConnectionHandler {

    private static final byte[] PREFACE = Preface.bytes();

    private final H2Handlers h2;
    private final Http1Limits limits;
    private final Http1Exchange.Mode mode;
    private ConnectionContext ctx;
    private int matched;
    private ConnectionHandler chosen;

    public ProtocolDetector(H2Handlers h2, Http1Limits limits, Http1Exchange.Mode mode) {
        this.h2 = h2;
        this.limits = limits;
        this.mode = mode;
    }

    @Override
    public void onOpen(ConnectionContext context) {
        this.ctx = context;
    }

    @Override
    public void onRead(ByteBuffer bytes) {
        if (chosen != null) {
            chosen.onRead(bytes);
            return;
        }
        while (bytes.hasRemaining() && matched < PREFACE.length) {
            if (bytes.get(bytes.position()) != PREFACE[matched]) {
                choose(new Http1Exchange(h2, limits, mode), bytes);
                return;
            }
            bytes.get();
            matched++;
        }
        if (matched == PREFACE.length) {
            choose(h2.priorKnowledge(), bytes);
        }
    }

    /** Opens the chosen handler and replays the bytes matched so far, then the rest of this read. */
    private void choose(ConnectionHandler handler, ByteBuffer rest) {
        chosen = handler;
        handler.onOpen(ctx);
        if (matched > 0) {
            handler.onRead(ByteBuffer.wrap(PREFACE, 0, matched));
        }
        if (rest.hasRemaining()) {
            handler.onRead(rest);
        }
    }

    /** Whether the decision is made; for tests. */
    boolean decided() {
        return chosen != null;
    }

    @Override
    public void onWritable() {
        if (chosen != null) {
            chosen.onWritable();
        }
    }

    @Override
    public boolean onInputClosed() {
        return chosen != null && chosen.onInputClosed();
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        if (chosen != null) {
            chosen.onClose(causeOrNull);
        }
    }
}
