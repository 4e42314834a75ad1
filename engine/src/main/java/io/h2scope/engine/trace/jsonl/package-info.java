/**
 * The JSONL recording (docs/TRACE_FORMAT.md): the writer with its rolling file, the line codec ({@code
 * TraceEventJson}, with direct octet paths for the frequent kinds), the readers of a whole file, a followed file
 * and single lines, and {@code KnownRules}, every rule family by id, so a violation read back names its rule.
 * {@code KnownRules} imports {@code core}'s rule enums, which closes the cycle between {@code core} and the
 * trace (docs/ARCHITECTURE.md). Used by the trace factory, the attach stream, the CLI, the inspector and the
 * benchmarks.
 */
package io.h2scope.engine.trace.jsonl;
