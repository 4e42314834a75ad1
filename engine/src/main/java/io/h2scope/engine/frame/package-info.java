/**
 * The HTTP/2 frames as data (RFC 9113 §4.1, §6): a sealed {@code Frame} with one record per type, raw flags, the
 * frame header, the frame-layer sizes and the client connection preface ({@code Preface}). Sans-IO; imports only
 * {@code error}. Used by every layer that reads, writes, traces or shows frames.
 */
package io.h2scope.engine.frame;
