/**
 * Judging a real server's known failures: a target's {@code expected-failures.txt} ({@code ExpectedFailures}) and
 * the check that holds a run's verdicts against it ({@code ExpectedFailuresCheck}: a listed case FAILs, an unlisted
 * one does not). Imports {@code runner}, {@code verdict} and {@code targets}; used by {@code targets.launch} (a target's
 * folder loads its file) and the real-server tests.
 */
package io.h2scope.conformance.targets.expected;
