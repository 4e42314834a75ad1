package io.h2scope.conformance.spec;

/** How strongly the RFC states the rule a case checks. */
public enum Level {
    /** MUST / MUST NOT: always run; a failure makes the run fail. */
    MUST,
    /** SHOULD: runs only with --strict (h2spec's "strict" cases). */
    SHOULD
}
