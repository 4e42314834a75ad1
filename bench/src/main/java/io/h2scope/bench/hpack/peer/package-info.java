/**
 * One HPACK library per class behind one narrow {@code HpackPeer} surface: h2scope's own, Jetty's, Netty's and
 * OkHttp's. Imports {@code bench.hpack} ({@code Field}) and the engine's {@code hpack}.
 */
package io.h2scope.bench.hpack.peer;
