/**
 * The conformance peer the cases drive ({@code Peer}): a client of the target over the engine's scripted peer
 * ({@code io.h2scope.engine.scripted.ScriptedPeer}), which sends anything and reads the target through the engine's
 * {@code Http2Observer}; this package adds what conformance needs on top: opening the target ({@code Connector}, TLS
 * and ALPN), the automatic SETTINGS and PING answers, the first octets told apart ({@code FirstAnswer}), the
 * target's frames as {@code PeerEvent}s, the evidence, and the target's own output judged by
 * {@code ServerOutputMonitor}. Imports the engine's floors, scripted peer, observer, trace model and TLS, and
 * {@code targets} (for {@code Target}); used by every other conformance package and the inspector's conformance
 * source.
 */
package io.h2scope.conformance.peer;
