/**
 * How the client suite makes the client under test do something: {@link io.h2scope.conformance.client.drive.ClientUnderTest}
 * is one request or several at once, answered by what the client reported to its caller
 * ({@link io.h2scope.conformance.client.drive.ClientOutcome}). A client is driven in process (the JDK HttpClient,
 * h2scope's own) or as a command per task ({@link io.h2scope.conformance.client.drive.ExecClient}), from a ready-made
 * profile ({@link io.h2scope.conformance.client.drive.ClientProfiles}) or a command line of the user's with
 * placeholders ({@link io.h2scope.conformance.client.drive.CommandTemplate}); the clients known by name are
 * {@link io.h2scope.conformance.client.drive.ClientsUnderTest} (for {@code conform-client --client} and the
 * inspector's Conformance tab). What the client put on the wire is not
 * this package's business: the scripted server sees that.
 */
package io.h2scope.conformance.client.drive;
