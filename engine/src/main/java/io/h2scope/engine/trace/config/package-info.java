/**
 * What the tracing environment variables ask for ({@code TraceConfig}: {@code H2SCOPE_LOG}, {@code
 * H2SCOPE_TRACE_FILE}, {@code H2SCOPE_TRACE_LISTEN} and the rest), read once at start-up, with their value
 * parsers (levels, sizes, categories), and {@code TraceFileRecording}, the recording {@code H2SCOPE_TRACE_FILE}
 * opens. Used by the trace factory, the text sink, the key log and the CLI.
 */
package io.h2scope.engine.trace.config;
