/**
 * The engine's HTTP/2 server ({@code H2Server}): selector threads run the core through the transport's {@code
 * ConnectionDriver}, and an {@code H2Handler} is called per request on an application executor ({@code
 * SerialExecutor} keeps one exchange's callbacks in order). Also the server's options as a config file and
 * {@code h2scope serve} name them, and the memory budget of buffered bodies. A facade: no protocol rules of its
 * own. Imports core, transport and the floors; used by the reference server, the CLI, conformance targets and
 * benchmarks.
 */
package io.h2scope.engine.server;
