/**
 * Watching somebody else's HTTP/2: {@code Http2Observer} decodes both byte streams of one connection passively
 * and publishes the same trace events the engine's own connections do; {@code UpgradePrelude} reads an h2c
 * upgrade's HTTP/1.1 start and {@code FirstOctets} tells what a server's first bytes are. Sans-IO (a test
 * enforces it). Imports the protocol floors (with {@code start} for {@code StartRule}), the trace model, {@code trace.text}
 * (to word a frame) and the HTTP/1.1 head parsers of {@code http1}; used by the proxy, the conformance peer and runner, {@code frames decode} and
 * the observer benchmark.
 */
package io.h2scope.engine.observer;
