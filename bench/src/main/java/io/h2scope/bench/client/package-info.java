/**
 * HTTP/2 clients side by side against one real server: the engine's client and its {@code HttpClient} drop-in,
 * the JDK, Jetty, Netty, OkHttp, and a syscall-only floor, each behind one {@code ClientAdapter}. Imports the
 * engine's client.
 */
package io.h2scope.bench.client;
