/**
 * How a case concludes: the {@code Expect} verifiers that read the target's events until one decides, the five
 * {@code Outcome}s, the {@code Verdict} with expected and actual, and the error codes a case accepts. Imports
 * {@code peer} and the engine's {@code error} and {@code frame}; used by every suite package, the runner and the
 * reports.
 */
package io.h2scope.conformance.verdict;
