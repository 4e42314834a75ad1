package io.h2scope.engine.trace.explain;

/** How much a {@link Finding} matters, most severe first: the order findings are ranked in. */
public enum Severity {
    /** A connection ended other than cleanly: every stream on it went with it. */
    CRITICAL,
    /** A stream was reset for a rule broken or with an error code: that request or response failed. */
    ERROR,
    /** Ended nothing by itself but looked wrong: a stall, an unanswered SETTINGS or PING, streams a GOAWAY left. */
    WARNING,
    /** Worth knowing beside the rest: streams cancelled or refused, a connection closed for being idle. */
    NOTICE
}
