/**
 * The client suite's sections, one class per RFC section as the server suite's: each case plays a server's part on
 * the connection the client under test opens and judges what the client sent or reported. {@code ClientSuite} lists
 * them. Imports the suite's model in {@code conformance.client} ({@code ClientCase}, {@code ClientSection}, {@code
 * ServerPart}, {@code ClientJudge}), which imports nothing from here.
 */
package io.h2scope.conformance.client.cases;
