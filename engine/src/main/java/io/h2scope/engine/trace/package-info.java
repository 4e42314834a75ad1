/**
 * The trace factory: {@code TraceSinks} builds the sink the environment asks for (text categories, the JSONL
 * recording, the attach socket and live switching, behind one redaction). The top of the trace: it imports the
 * configuration and every sink package, and no package of the engine's own layers imports it back (the client and
 * server facades ask it for their default sink). The interfaces a connection needs ({@code TraceSink} and the
 * rest) live with the events in {@code trace.model}.
 */
package io.h2scope.engine.trace;
