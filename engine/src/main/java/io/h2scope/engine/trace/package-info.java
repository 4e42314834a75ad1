/**
 * The trace root: the {@code TraceSink} interface every sink implements, {@code TraceSinks} (builds the sink the
 * environment asks for: text, JSONL, attach, behind one redaction), the side channels {@code
 * ConnectionTraceListener} and {@code WireTap}, and helpers that describe a frame ({@code FrameDescriber},
 * {@code FrameOctets}, {@code HpackRecorder}). Imports the floors, the event model and every sink sub-package
 * (the factory lives here), which is why {@code core}, which needs {@code TraceSink}, sits in a package cycle
 * with the sinks (docs/ARCHITECTURE.md).
 */
package io.h2scope.engine.trace;
