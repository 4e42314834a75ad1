/**
 * The client suite: judging an HTTP/2 client by what it puts on the wire and what it reports to its caller. Each
 * {@link io.h2scope.conformance.client.ClientCase} runs against a scripted server of its own
 * ({@link io.h2scope.engine.scripted.ScriptedPeer}) on a fresh listener, while the client under test
 * ({@link io.h2scope.conformance.client.drive}) is told to fetch from it; {@link io.h2scope.conformance.client.ClientSuiteRunner}
 * runs the cases and gives the same verdicts as the server suite. The sections and their list
 * ({@link io.h2scope.conformance.client.cases.ClientSuite}) are in {@code cases}, which imports this package.
 */
package io.h2scope.conformance.client;
