/**
 * {@code trace explain}: a recording's events read for what went wrong, each connection watched in order
 * ({@code ConnectionWatch}) and every {@code Finding} told in words or as one JSON line (a connection that ended
 * badly, resets and reset storms, stalled windows, SETTINGS and PINGs left unanswered), with the limits of how much
 * is kept ({@code ExplainLimits}). A reader of the trace: imports the event model, the floors, {@code trace.text},
 * {@code trace.jsonl} and the rule families of {@code core.limits}; used by the CLI's {@code trace explain}.
 */
package io.h2scope.engine.trace.explain;
