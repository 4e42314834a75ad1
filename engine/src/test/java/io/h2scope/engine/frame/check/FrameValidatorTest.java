package io.h2scope.engine.frame.check;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.error.ErrorScope.STREAM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.Priority;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FrameValidatorTest {

    private static final int MAX = 16384;

    @ParameterizedTest(name = "type 0x{0} on stream {1} over the max: {2}")
    @CsvSource({
        "00, 1, STREAM",      // DATA: a stream error is allowed
        "00, 0, CONNECTION",  // (DATA on stream 0 breaks §6.1 first; see below)
        "01, 1, CONNECTION",  // HEADERS carries a field block
        "05, 1, CONNECTION",  // PUSH_PROMISE carries a field block
        "09, 1, CONNECTION",  // CONTINUATION carries a field block
        "04, 0, CONNECTION",  // SETTINGS
        "07, 0, CONNECTION",  // GOAWAY: stream 0
        "0a, 1, STREAM",      // unknown type on a stream
        "0a, 0, CONNECTION",  // unknown type on stream 0
    })
    void frameSizeErrorScope_rfc9113_4_2(String type, int streamId, ErrorScope scope) {
        int typeCode = Integer.parseInt(type, 16); // MAX + 2 = 16386 is a multiple of 6, so SETTINGS breaks only §4.2
        Violation violation = FrameValidator.checkHeader(MAX + 2, typeCode, 0, streamId, MAX).orElseThrow();
        if (typeCode == 0 && streamId == 0) {
            assertEquals(SpecRef.rfc9113("6.1"), violation.spec(), "the stream id rule is reported first");
            return;
        }
        assertEquals(SpecRef.rfc9113("4.2"), violation.spec());
        assertEquals(FRAME_SIZE_ERROR, violation.code());
        assertEquals(scope, violation.scope());
    }

    @Test
    void exactlyTheMaxFrameSizeIsFine_rfc9113_4_2() {
        assertTrue(FrameValidator.checkHeader(MAX, 0, 0, 1, MAX).isEmpty());
        assertTrue(FrameValidator.checkHeader(MAX, 1, 0, 1, MAX).isEmpty());
    }

    @Test
    void windowUpdateWithZeroIncrementOnAStreamIsAStreamError_rfc9113_6_9() {
        Violation violation = FrameValidator.checkWindowUpdateIncrement(3, 0).orElseThrow();
        assertEquals(SpecRef.rfc9113("6.9"), violation.spec());
        assertEquals(STREAM, violation.scope());
        assertEquals(PROTOCOL_ERROR, violation.code());
        StreamError error = assertInstanceOf(StreamError.class, violation.toException(3));
        assertEquals(3, error.streamId());
    }

    @Test
    void windowUpdateWithZeroIncrementOnTheConnectionIsAConnectionError_rfc9113_6_9() {
        Violation violation = FrameValidator.checkWindowUpdateIncrement(0, 0).orElseThrow();
        assertEquals(CONNECTION, violation.scope());
        assertEquals(PROTOCOL_ERROR, violation.code());
        assertInstanceOf(ConnectionError.class, violation.toException(0));
        assertTrue(FrameValidator.checkWindowUpdateIncrement(0, 1).isEmpty());
    }

    @Test
    void selfDependencyIsAnRfc7540RuleOnly_rfc7540_5_3_1() {
        Violation violation = FrameValidator.checkSelfDependencyRfc7540(5, new Priority(5, false, 16)).orElseThrow();
        assertEquals(SpecRef.rfc7540("5.3.1"), violation.spec());
        assertEquals(STREAM, violation.scope());
        assertEquals(PROTOCOL_ERROR, violation.code());
        assertTrue(FrameValidator.checkSelfDependencyRfc7540(5, new Priority(3, false, 16)).isEmpty());
        assertTrue(FrameValidator.checkSelfDependencyRfc7540(5, null).isEmpty());
    }

    @Test
    void checkAllListsEveryBrokenRule_pingOnAStreamWithLengthSeven_rfc9113_6_7() {
        List<Violation> all = FrameValidator.checkAll(new FrameHeader(7, 6, 0, 1, false), null, MAX);
        assertEquals(List.of(PROTOCOL_ERROR, FRAME_SIZE_ERROR), all.stream().map(Violation::code).toList());
        assertEquals(all.get(0), FrameValidator.checkHeader(new FrameHeader(7, 6, 0, 1, false), MAX).orElseThrow(),
                "the first of checkAll is what the reader reports");
    }

    @Test
    void checkAllIncludesThePaddingRuleWhenThePayloadIsGiven_rfc9113_6_1() {
        FrameHeader header = new FrameHeader(2, 0, Flags.PADDED, 0, false);
        List<Violation> all = FrameValidator.checkAll(header, new byte[] {5, 0}, MAX);
        assertEquals(List.of(SpecRef.rfc9113("6.1"), SpecRef.rfc9113("6.1")), all.stream().map(Violation::spec).toList());
        assertEquals(List.of(PROTOCOL_ERROR, PROTOCOL_ERROR), all.stream().map(Violation::code).toList());
    }

    @Test
    void checkAllSkipsThePaddingRuleWhenThePayloadIsTooShort_rfc9113_4_2() {
        List<Violation> all = FrameValidator.checkAll(new FrameHeader(0, 1, Flags.PADDED, 1, false), new byte[0], MAX);
        assertEquals(1, all.size());
        assertEquals(FRAME_SIZE_ERROR, all.get(0).code());
    }

    @Test
    void violationBecomesTheTypedErrorOfItsScope_rfc9113_5_4() {
        Violation stream = FrameRule.PRIORITY_WRONG_LENGTH.violation("length 4");
        H2Exception error = stream.toException(9);
        assertInstanceOf(StreamError.class, error);
        assertEquals(FRAME_SIZE_ERROR, error.code());
        assertEquals(SpecRef.rfc9113("6.3"), error.spec());
        assertTrue(error.detail().contains("length 4"));
        assertInstanceOf(ConnectionError.class, FrameRule.PING_WRONG_LENGTH.violation("x").toException(0));
    }

    @Test
    void everyRuleCitesASectionAndSaysSomething() {
        for (FrameRule rule : FrameRule.values()) {
            assertFalse(rule.summary().isBlank(), rule.name());
            boolean rfc7540Only = rule.name().endsWith("_RFC7540");
            assertEquals(rfc7540Only ? SpecRef.Rfc.RFC7540 : SpecRef.Rfc.RFC9113, rule.spec().rfc(), rule.name());
        }
    }
}
