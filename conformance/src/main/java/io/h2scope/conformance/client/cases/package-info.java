/**
 * The client suite's sections, one class per RFC section as the server suite's: each case plays a server's part on
 * the connection the client under test opens and judges what the client sent or reported. Listed in
 * {@link io.h2scope.conformance.client.ClientSuite}.
 */
package io.h2scope.conformance.client.cases;
