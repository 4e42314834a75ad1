/**
 * The one scripted raw HTTP/2 peer ({@code ScriptedPeer}): a blocking endpoint, client or server, that writes any
 * frame or octets a script names (invalid ones on purpose) and reads what the other side sent, decoded by the
 * engine's {@code Http2Observer}. For tests of every module, and for conformance suites that play a misbehaving
 * client or server against the implementation under test. Imports the frame and HPACK floors, the observer and the
 * trace sink interface; uses {@code java.net} sockets, so it sits above the sans-IO packages.
 */
package io.h2scope.engine.scripted;
