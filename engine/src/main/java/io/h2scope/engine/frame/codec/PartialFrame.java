package io.h2scope.engine.frame.codec;

/**
 * Where a byte stream stopped inside a frame: {@code read} octets of it arrived out of {@code expected}.
 * While {@code inHeader}, {@code expected} is the 9-octet header (the frame's length is not known yet);
 * after it, the whole frame, header and payload (RFC 9113 §4.1).
 */
public record PartialFrame(int read, int expected, boolean inHeader) {
}
