/**
 * The frame rules of RFC 9113 §4 and §6 that one frame can break on its own, and the field-block sequencing rule
 * of §6.10, as data ({@code Violation}, {@code FrameRule}). Sans-IO; imports {@code error} and {@code frame}.
 * Used by the codec, the core, the observer, flow control and the trace readers.
 */
package io.h2scope.engine.frame.check;
