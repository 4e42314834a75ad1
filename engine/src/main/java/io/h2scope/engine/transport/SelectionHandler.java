package io.h2scope.engine.transport;

import java.nio.channels.SelectionKey;

/** What a selection key is attached to: an acceptor, a pending connect, or a connection. */
interface SelectionHandler {

    /** The key is ready for some of its interest ops; runs on the loop thread. */
    void onSelected(SelectionKey key);

    /** The loop is going away: release the channel at once. */
    void abortOnShutdown();
}
