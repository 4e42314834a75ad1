package io.h2scope.engine.trace.model;

import java.nio.ByteBuffer;

/**
 * The bytes of a connection's HTTP/2 stream (after TLS, before the frame reader; after the frame writer),
 * each direction as the transport moves it, on the connection's thread, in the order the connection read and
 * wrote them: what {@link io.h2scope.engine.observer.Http2Observer} needs to decode the same connection again.
 * A {@link TraceSink} whose {@link TraceSink#wireTap()} gives one gets them; for any other sink the transport does
 * nothing per read or write.
 */
public interface WireTap {

    /** Bytes read, about to be given to the connection; a read-only view to copy from, not to keep. */
    void received(long connectionId, ByteBuffer bytes);

    /** Bytes the connection wrote, about to go to the transport; a read-only view to copy from, not to keep. */
    void sent(long connectionId, ByteBuffer bytes);
}
