package io.h2scope.engine.frame;

import java.nio.charset.StandardCharsets;

/**
 * The client connection preface (RFC 9113 §3.4): the 24 octets every HTTP/2 client sends first, before its
 * SETTINGS frame. The one home of the constant for the engine, the peers, the tools and their tests.
 */
public final class Preface {

    /** RFC9113 §3.4: "the connection preface starts with the string: PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n". */
    public static final String TEXT = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

    /** The preface's length in octets. */
    public static final int LENGTH = 24;

    private static final byte[] BYTES = TEXT.getBytes(StandardCharsets.US_ASCII);

    private Preface() {
    }

    /** A fresh copy of the preface's octets (callers may keep or change it). */
    public static byte[] bytes() {
        return BYTES.clone();
    }

    /** Whether {@code bytes} begins with the whole preface. */
    public static boolean isPrefixOf(byte[] bytes) {
        return bytes.length >= LENGTH && java.util.Arrays.equals(bytes, 0, LENGTH, BYTES, 0, LENGTH);
    }
}
