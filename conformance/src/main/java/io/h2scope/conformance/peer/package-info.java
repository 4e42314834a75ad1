/**
 * The scripted raw peer the cases drive ({@code Peer}): a blocking client that can send anything and reports
 * what the target did as {@code PeerEvent}s, read, like the evidence it records, by the engine's {@code
 * Http2Observer}; the target's own output is judged by {@code ServerOutputMonitor}. Imports the engine's floors,
 * observer, trace model and TLS, and {@code targets} (for {@code Target}); used by every other conformance
 * package and the inspector's conformance source.
 */
package io.h2scope.conformance.peer;
