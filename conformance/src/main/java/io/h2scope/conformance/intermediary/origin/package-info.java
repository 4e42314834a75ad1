/**
 * The origin behind the intermediary under test, one per run: {@code Http1Origin} (the raw request octets kept, so a
 * request boundary the intermediary moved shows), {@code H2cOrigin} and the TLS h2 origin ({@code OriginTls}, a
 * certificate from the run's CA), all answering by {@code Answers} and handing every request they parse to
 * {@code Arrivals}, which routes it to its case by the {@code Marker} the front put in it.
 *
 * <p>Imports the engine's scripted peer, frames, HPACK fields and HTTP/1.1 parser; nothing of {@code front}, which
 * imports this package.
 */
package io.h2scope.conformance.intermediary.origin;
