/**
 * What a connection tells its application: the sealed {@code Event} type delivered to {@code
 * ConnectionListener}. Imports {@code error}, {@code hpack}, {@code settings}; used by the core, the transport's
 * driver, the client, the server and the benchmarks.
 */
package io.h2scope.engine.core.event;
