package io.h2scope.engine.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.frame.check.FrameRule;
import io.h2scope.engine.hpack.HpackRule;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.settings.SettingsRule;
import io.h2scope.engine.stream.StreamRule;
import org.junit.jupiter.api.Test;

class H2ErrorsTest {

    @Test
    void streamErrorOnStreamZeroIsAConnectionError_rfc9113_5_4_1() {
        H2Exception e = H2Errors.stream(0, FrameRule.DATA_ON_STREAM_ZERO, "DATA on stream 0");
        assertInstanceOf(ConnectionError.class, e);
        assertEquals(ErrorScope.CONNECTION, e.scope());
        assertSame(FrameRule.DATA_ON_STREAM_ZERO, e.rule());
    }

    @Test
    void streamErrorKeepsItsStream() {
        H2Exception e = H2Errors.stream(5, StreamRule.DATA_AFTER_END_STREAM, "DATA after END_STREAM");
        StreamError se = assertInstanceOf(StreamError.class, e);
        assertEquals(5, se.streamId());
        assertEquals("STREAM_CLOSED (RFC 9113 \u00a75.1): DATA after END_STREAM [stream 5]", se.getMessage());
    }

    @Test
    void theRuleGivesCodeAndSection_andItsScopeChoosesTheErrorType() {
        H2Exception e = H2Errors.of(SettingsRule.INITIAL_WINDOW_SIZE_TOO_LARGE, 3, "too large");
        assertInstanceOf(ConnectionError.class, e);
        assertEquals(ErrorCode.FLOW_CONTROL_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("6.5.2"), e.spec());
        StreamError s = assertInstanceOf(StreamError.class, H2Errors.of(MessageRule.TE_NOT_TRAILERS, 3, "te gzip"));
        assertEquals(SpecRef.rfc9113("8.2.2"), s.spec());
    }

    @Test
    void aConnectionErrorMayNameAnotherSectionThanItsRule_rfc9113_4_3() {
        ConnectionError e = new ConnectionError(HpackRule.INDEX_ZERO, SpecRef.rfc9113("4.3"), "index 0");
        assertEquals(ErrorCode.COMPRESSION_ERROR, e.code());
        assertEquals(SpecRef.rfc9113("4.3"), e.spec());
        assertEquals("hpack/index-zero", RuleIds.of(e));
    }

    @Test
    void streamErrorRejectsNonPositiveIds() {
        assertThrows(IllegalArgumentException.class,
                () -> new StreamError(-1, LimitRule.STREAM_SEND_STALL, "x"));
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
        H2Exception e = H2Errors.connection(LimitRule.PING_RATE, "flood");
        assertEquals(0, e.getStackTrace().length);
    }
}
