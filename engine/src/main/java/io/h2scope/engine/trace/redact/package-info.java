/**
 * What a trace must not keep, applied in front of every sink ({@code RedactingSink}) and by every reader ({@code
 * ReaderRedaction}): credential values replaced by filler of the same length, DATA cut to the configured size.
 * Imports the event model and {@code trace.text}; used by the trace factory, the CLI, the
 * inspector and the benchmarks.
 */
package io.h2scope.engine.trace.redact;
