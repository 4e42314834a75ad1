/**
 * The reference server's routes ({@code ReferenceHandler}: /, /echo, /headers and the rest) and its in-process
 * start ({@code ReferenceServer}): what {@code h2scope serve} runs, the conformance suite's embedded target and
 * the server benchmark's subject. Imports {@code server}, {@code http}, {@code hpack}.
 */
package io.h2scope.engine.server.reference;
