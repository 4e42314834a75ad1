/**
 * {@code h2scope trace print} and {@code trace follow}: reading a recording, a file being written or a live
 * attach stream, filtered by time, peer, stream, type and error, with the redaction a reader applies. Imports
 * the engine's trace readers; its option types are shared with {@code inspect} and {@code proxy}.
 */
package io.h2scope.cli.trace;
