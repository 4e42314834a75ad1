/**
 * The JSONL recording (docs/TRACE_FORMAT.md): the writer with its rolling file, the line codec ({@code
 * TraceEventJson}, with direct octet paths for the frequent kinds), the readers of a whole file, a followed file
 * and single lines, {@code KnownRules}, every rule family by id, so a violation read back names its rule (the
 * families live in the floors, {@code start} and {@code core.limits}, none of which imports the trace), and
 * {@code PrivateFiles}, which opens every file a trace writes owner-only. Imports the floors, the event model and
 * {@code trace.text}. Used by the trace factory, the attach stream, the CLI, the inspector and the
 * benchmarks.
 */
package io.h2scope.engine.trace.jsonl;
