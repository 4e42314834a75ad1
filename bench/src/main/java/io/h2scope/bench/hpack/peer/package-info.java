/**
 * One HPACK library per class behind one narrow {@code HpackPeer} surface: h2scope's own, Jetty's, Netty's and
 * OkHttp's, each taking and giving a {@code Field} (name and value, as the benchmarks compare them). Imports only
 * the engine's {@code hpack}; {@code bench.hpack} uses it, never the other way round.
 */
package io.h2scope.bench.hpack.peer;
