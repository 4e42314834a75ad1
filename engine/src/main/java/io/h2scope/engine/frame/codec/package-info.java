/**
 * Bytes to frames and back: the incremental {@code FrameReader} (any split, same result), the {@code
 * FrameWriter} into a reused {@code FrameOutput}, and the {@code RawFrameWriter} that writes anything, for the
 * conformance peer. Sans-IO; imports {@code error}, {@code frame}, {@code frame.check}. Used by the core, the
 * observer, the proxy, the trace codec and the conformance peer.
 */
package io.h2scope.engine.frame.codec;
