/**
 * The JSONL recording (docs/TRACE_FORMAT.md): the writer with its rolling file, the line codec ({@code
 * TraceEventJson}, with direct octet paths for the frequent kinds), the readers of a whole file, a followed file
 * and single lines (a violation read back names its rule through {@code engine.rules}), and {@code PrivateFiles},
 * which opens every file a trace writes owner-only. Imports the floors, {@code rules}, the event model and
 * {@code trace.text}. Used by the trace factory, the attach stream, the CLI, the inspector and the
 * benchmarks.
 */
package io.h2scope.engine.trace.jsonl;
