/**
 * Judging a real server's known failures: a target's {@code expected-failures.txt} and the check that holds a run's
 * verdicts against it (a listed case FAILs, an unlisted one does not).
 */
package io.h2scope.conformance.targets.expected;
