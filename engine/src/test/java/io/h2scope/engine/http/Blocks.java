package io.h2scope.engine.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** Field blocks for tests, written as name, value, name, value ... */
final class Blocks {

    static final int STREAM = 5;

    private Blocks() {
    }

    static List<HeaderField> fields(String... nameValues) {
        if (nameValues.length % 2 != 0) {
            throw new IllegalArgumentException("name without value");
        }
        List<HeaderField> list = new ArrayList<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            list.add(new HeaderField(nameValues[i], nameValues[i + 1]));
        }
        return list;
    }

    /** A valid https GET followed by {@code extra}. */
    static List<HeaderField> get(String... extra) {
        List<HeaderField> list = fields(":method", "GET", ":scheme", "https", ":authority", "example.com",
                ":path", "/index.html");
        list.addAll(fields(extra));
        return list;
    }

    /** A valid 200 response followed by {@code extra}. */
    static List<HeaderField> ok(String... extra) {
        List<HeaderField> list = fields(":status", "200");
        list.addAll(fields(extra));
        return list;
    }

    /** Asserts a PROTOCOL_ERROR stream error on {@link #STREAM} citing RFC 9113 {@code section}. */
    static StreamError assertMalformed(String section, Executable call) {
        StreamError e = assertThrows(StreamError.class, call);
        assertEquals(STREAM, e.streamId());
        assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113(section), e.spec(), e.getMessage());
        return e;
    }

    /** No control character reaches an error message raw. */
    static void assertPrintable(String message) {
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if ((c < 0x20 || c >= 0x7f) && c != '\u00a7') { // our own texts cite sections with §
                throw new AssertionError("raw char 0x" + Integer.toHexString(c) + " in message: " + message.replace('\r', '?').replace('\n', '?'));
            }
        }
    }
}
