/**
 * {@code h2scope trace print}, {@code trace follow} and {@code trace explain}: reading a recording, a file being
 * written or a live attach stream, filtered by time, peer, stream, type and error, or explained
 * ({@code engine.trace.explain}), with the redaction a reader applies; {@code trace level} and {@code trace record}
 * switch a running engine's tracing over its attach socket. Imports the engine's trace readers and {@code
 * cli.options} (the {@code --reveal} option it shares with {@code inspect} and {@code proxy} is there).
 */
package io.h2scope.cli.trace;
