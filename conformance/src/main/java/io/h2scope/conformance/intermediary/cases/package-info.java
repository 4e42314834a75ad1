/**
 * The intermediary suite's sections, one class per RFC 9113 section as the other suites': each case sends a request
 * through the intermediary's front and judges what reached the origin behind it. {@code ProxySuite} lists them.
 * Imports the suite's model in {@code conformance.intermediary} ({@code ProxyCase}, {@code ProxySection}, {@code
 * IntermediaryJudge}, {@code Seen}), {@code front} and {@code origin}; nothing there imports this package back.
 */
package io.h2scope.conformance.intermediary.cases;
