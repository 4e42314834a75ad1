/**
 * The only I/O of the engine: sockets, selector threads, timers, and (in sub-packages) TLS and the
 * HTTP/1.1 front door of an HTTP/2 port.
 *
 * <p><b>The seam.</b> Everything above the transport is a {@link io.h2scope.engine.transport.ConnectionHandler}
 * talking to a {@link io.h2scope.engine.transport.ConnectionContext}: bytes in, bytes out, close,
 * timers, back-pressure ({@code pendingWriteBytes}). Layers stack by wrapping: a TLS layer is a handler
 * to the socket and a context to the handler above it; the h2c detector likewise. The sans-IO HTTP/2
 * core plugs in as one more handler, and {@link io.h2scope.engine.transport.InMemoryTransport} joins two
 * handlers without sockets for deterministic tests.
 *
 * <p><b>Thread model.</b> {@link io.h2scope.engine.transport.NioEventLoopGroup} runs N selector threads
 * (default: one per core). Each connection belongs to one loop for life; every callback of its handler
 * runs on that loop thread, one at a time, so handlers need no locks. Callbacks must not block: the
 * application layer hops to its own executor and comes back with
 * {@link io.h2scope.engine.transport.ConnectionContext#execute}. Timers are a delay queue on the loop
 * (no thread per timer); the loop sleeps in {@code select} until I/O, a task or the next timer.
 * One exception, for client connections ({@link io.h2scope.engine.transport.CallerAccess}, a capability
 * found through {@link io.h2scope.engine.transport.ConnectionContext#capability}): another thread may work
 * on the connection while the loop is elsewhere, one thread at a time all the same, and the loop never
 * waits for it (the client package's documentation states the model). Who may work on a connection now is
 * {@code ConnectionThreads}: the loop only for servers, {@code ConnectionOwnership} (which is the connection's
 * {@code CallerAccess}) for clients; {@link io.h2scope.engine.transport.ManualLoop} is a loop a test steps by hand.
 *
 * <p><b>Back-pressure.</b> Writes are queued without copying; the socket takes what it can and
 * {@code OP_WRITE} is armed only while output remains. The handler reads {@code pendingWriteBytes()}
 * to stop producing (the HTTP/2 core's "peer never reads" limit) and resumes in {@code onWritable()};
 * past {@link io.h2scope.engine.transport.TransportConfig#maxPendingWriteBytes()} the transport closes
 * the connection itself.
 *
 * <p>Imports {@code core} (the driver runs an {@code Http2Connection}), its events and the trace sink; used by the
 * client, server and proxy facades.
 */
package io.h2scope.engine.transport;
