/**
 * The two legs of an intermediary case, kept as the server and client suites keep their peers' exchanges
 * ({@code peer.Evidence}: every frame both ways with its trace events): the connections of h2scope's client in front
 * of the intermediary and what h2scope's origin behind it exchanged for the case's marked requests (h2 frames through the
 * observer, or an HTTP/1.1 origin's octets as {@code Http1Head} events). A case's lines name each leg and link the
 * two ({@code ConnectionOpened.pair} and {@code leg}), so the inspector shows them side by side.
 *
 * <p>Imports the conformance peer's evidence and the engine's scripted peer and trace model; used by the front
 * client, the origin and the suite runner.
 */
package io.h2scope.conformance.intermediary.legs;
