/**
 * {@code h2scope console}: an interactive HTTP/2 console on the engine's scripted peer, commands read line by line
 * from stdin. Imports the engine's console and the conformance peer's connector (TCP, TLS with ALPN h2).
 */
package io.h2scope.cli.console;
