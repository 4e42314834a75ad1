/**
 * Runs cases ({@code SuiteRunner}): each on a fresh connection, {@code parallel} at a time, bounded by per-case
 * timeouts, with a liveness probe after error cases, a reachability guard, repeat agreement and the judgement of
 * the target's own output; and {@code TemporaryFolder}, the one home of a run's files in the temp dir (removed on close
 * or at the JVM's end), which {@code client}'s and {@code intermediary.origin}'s certificate authorities live in.
 * Imports {@code spec}, {@code peer}, {@code verdict}, {@code targets}; used by the CLI, the JUnit bridge, the
 * reports, {@code targets.expected} (expected-failure checks) and the inspector.
 */
package io.h2scope.conformance.runner;
