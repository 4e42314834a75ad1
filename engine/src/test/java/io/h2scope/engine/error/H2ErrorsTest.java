package io.h2scope.engine.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class H2ErrorsTest {

    @Test
    void streamErrorOnStreamZeroIsAConnectionError_rfc9113_5_4_1() {
        H2Exception e = H2Errors.stream(0, ErrorCode.PROTOCOL_ERROR, SpecRef.rfc9113("6.1"), "DATA on stream 0");
        assertInstanceOf(ConnectionError.class, e);
        assertEquals(ErrorScope.CONNECTION, e.scope());
    }

    @Test
    void streamErrorKeepsItsStream() {
        H2Exception e = H2Errors.stream(5, ErrorCode.STREAM_CLOSED, SpecRef.rfc9113("5.1"), "DATA after END_STREAM");
        StreamError se = assertInstanceOf(StreamError.class, e);
        assertEquals(5, se.streamId());
        assertEquals("STREAM_CLOSED (RFC 9113 \u00a75.1): DATA after END_STREAM [stream 5]", se.getMessage());
    }

    @Test
    void streamErrorRejectsNonPositiveIds() {
        assertThrows(IllegalArgumentException.class,
                () -> new StreamError(-1, ErrorCode.CANCEL, SpecRef.rfc9113("5.4.2"), "x"));
    }

    @Test
    void unknownErrorCodesAreNamedInHexAndNotMapped_rfc9113_7() {
        assertTrue(ErrorCode.fromCode(0xe).isEmpty());
        assertEquals("0xe", ErrorCode.nameOf(0xe));
        assertEquals("0xffffffff", ErrorCode.nameOf(-1));
        assertEquals("HTTP_1_1_REQUIRED", ErrorCode.nameOf(0xd));
        for (ErrorCode c : ErrorCode.values()) {
            assertEquals(c, ErrorCode.fromCode(c.code()).orElseThrow());
        }
    }

    @Test
    void errorsCaptureNoStackTrace() {
        H2Exception e = H2Errors.connection(ErrorCode.ENHANCE_YOUR_CALM, SpecRef.rfc9113("10.5"), "flood");
        assertEquals(0, e.getStackTrace().length);
    }
}
