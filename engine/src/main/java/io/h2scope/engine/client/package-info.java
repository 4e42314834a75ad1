/**
 * The engine's HTTP/2 client: {@link io.h2scope.engine.client.H2Client} and its {@code java.net.http.HttpClient}
 * drop-in {@link io.h2scope.engine.client.H2HttpClient}.
 *
 * <p><b>Layers.</b> A request flows one way: the API ({@code H2Client}, which makes its {@code RequestTask}) to
 * the route ({@code ConnectionPool}, {@code Route}, {@code ConnectionOpener}) to the connection
 * ({@code ClientConnection}) to the stream ({@code ClientStream}). What the layers share (configuration, executor,
 * completions, deadline thread) is {@code ClientRuntime}, handed down; a connection reports to its route through
 * {@code StreamSlots}. Below the API, the request's task is still named by every layer that carries it, and a
 * stream names its connection.
 *
 * <h2>Threading model</h2>
 *
 * <p><b>Threads.</b> Callers (any thread that calls {@code send} or {@code sendAsync}, cancels a future or
 * closes the client); the I/O loop (one by default, {@code loopThreads}); the executor (a cached pool unless
 * {@code executor(...)} is given); the deadline thread ({@code DeadlineSweeper}: the client's one timer, for
 * request deadlines and connect timeouts, which also watches the completion batcher). The loop's own timers
 * (the driver's tick, a close's flush limit) belong to the transport.
 *
 * <p><b>One holder per connection.</b> A connection's state (the sans-IO core, its streams, HPACK, TLS,
 * the socket's output queue) is touched only by the thread that holds the connection, one thread at a time.
 * The loop holds it for its own work; any other thread may hold it when it is free (a caller writing its
 * request, a caller reading its response, the deadline thread or a cancelling thread resetting a stream),
 * never waiting for it: it tries, and hands its work to the loop when it cannot. The loop never waits
 * either: when another thread holds a connection, the loop's work for it waits until the holder lets go,
 * and the loop serves its other connections meanwhile. Work handed to a connection from other threads runs
 * in the order given. The policy has two halves, each in one class: who holds a connection and who reads its
 * input now is {@code io.h2scope.engine.transport.ConnectionOwnership}, which the transport offers as
 * {@link io.h2scope.engine.transport.CallerAccess}, a capability only client NIO connections (h2c and TLS over
 * them) have (on other transports everything runs on the loop); whose thread opens a stream, when the input is
 * lent and which caller takes the reading over is {@code InputLending}, one per connection.
 *
 * <p><b>The steps of a request.</b>
 * <ol>
 *   <li>{@code send}/{@code sendAsync} (the caller): the request is checked, its deadlines armed, and it
 *       waits in its route for a stream slot.</li>
 *   <li>Opening the stream and writing HEADERS and DATA: a blocking {@code send} writes from its own thread
 *       when the connection is free; otherwise, and for every {@code sendAsync}, the loop does, so that
 *       requests sent together leave in one write. A streaming request body is read on the executor.</li>
 *   <li>Reading the response: the loop. After it delivered a blocking caller's response on an otherwise
 *       idle connection, it lends the input: the next blocking caller (not a virtual thread, which parks)
 *       that writes a request there reads its response itself, on a selector of its own, from the moment
 *       it wrote it. For the first {@code callerSpin} (default 50 µs) of its wait it looks at the socket
 *       without sleeping, so that a response from a server that close finds it awake: waking a thread asleep
 *       in the kernel costs tens of microseconds on a virtual machine, more than such a server takes. At most
 *       one caller per core but one spins at a time (one on a single core, which yields at each look); the
 *       others sleep at once. The input has three states: the loop reads; lent (the loop still reads, until a caller
 *       takes the reading over, so a PING, SETTINGS or GOAWAY the server sends unasked is read within about a
 *       millisecond: a caller handing the reading back does not wake the loop, whose select starts again
 *       every millisecond while the input is lent);
 *       one caller reads (the loop does not watch reads, and takes them back when it has any other work on
 *       the connection). A caller claims the input only of the connection its stream opened on; when its
 *       request is retried on another connection (GOAWAY, REFUSED_STREAM) it gives the first input back at
 *       once and follows the request, reading there if it claimed that input too.</li>
 *   <li>Body handlers and subscribers: the executor. The JDK's byte-array, string and discarding handlers
 *       ({@code LoopSafeHandlers}, JDK code that only copies bytes) run on the thread that reads.</li>
 *   <li>Completing the future: {@code sendAsync} futures complete on the executor, never on the loop or a
 *       caller that reads (see {@code sendAsync} for their order). A blocking {@code send} with a loop-safe
 *       handler is completed by the reading thread after it let go of the connection: only its waiting
 *       caller sees that future.</li>
 *   <li>Deadlines (response headers, whole request) and connect timeouts fire on the deadline thread; the failure is completed
 *       on the executor and the stream's RST_STREAM is written by whichever thread holds the connection next.</li>
 * </ol>
 *
 * <p><b>Trace sinks</b> ({@link io.h2scope.engine.trace.model.TraceSink}) are called by the thread that holds the
 * connection, so for one connection one call at a time, on the loop or on a caller's thread; one holder
 * letting go happens-before the next one holding it, so a sink sees each call after the ones before it
 * without locks of its own. Calls for different connections may come at the same time.
 *
 * <p>Imports {@code core}, {@code transport} (with TLS, key log and the HTTP/1.1 upgrade) and the trace; used by
 * the CLI's {@code get}, the inspector's client panel and the client benchmarks.
 */
package io.h2scope.engine.client;
