package io.h2scope.engine.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Selector;

/**
 * What {@link ConnectionOwnership} needs of the connection it decides for ({@link NioConnection}; a pipe in
 * its tests). Every method but {@link #remote} is called with the connection held.
 */
interface OwnedConnection {

    /** Not closed nor closing. */
    boolean isOpen();

    /** Open, its input not ended, no output waiting for the socket: a caller may be lent the input. */
    boolean mayLend();

    /** The key watches what is wanted now; {@code wakeLoop} false leaves an added watch to the loop's next select. */
    void updateInterest(boolean wakeLoop);

    /** Loop thread, without the connection: its key reports nothing until {@link #updateInterest}. */
    void silenceKey();

    /** Reads what arrived, as the loop would, through {@code buffer}. */
    void readInto(ByteBuffer buffer);

    /** Registers the connection's channel for reads with a caller's own selector. */
    void registerForReads(Selector selector) throws IOException;

    /** For log lines. */
    String remote();
}
