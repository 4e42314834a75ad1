/**
 * What names a server under test: where to reach it ({@code Target}) and which build a run tested
 * ({@code ServerVersion}). Starting servers is {@code targets.launch}, judging their known failures
 * {@code targets.expected}. Imports nothing of the conformance module; used by the peer, the runner, the reports,
 * the CLI, the JUnit bridge and the inspector.
 */
package io.h2scope.conformance.targets;
