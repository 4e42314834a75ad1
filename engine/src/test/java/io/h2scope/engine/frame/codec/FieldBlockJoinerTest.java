package io.h2scope.engine.frame.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.check.FieldBlockRule;
import org.junit.jupiter.api.Test;

/** RFC 9113 §4.3, §6.10: a field block is one HEADERS (or PUSH_PROMISE) and its CONTINUATIONs, on one stream. */
class FieldBlockJoinerTest {

    private final FieldBlockJoiner joiner = new FieldBlockJoiner();

    @Test
    void continuationsJoinTheirHeadersIntoOneBlock() {
        HeadersFrame h = HeadersFrame.of(3, new byte[] {1, 2}, true, false);
        assertNull(joiner.start(h, h.fragment(), h.endHeaders()));
        joiner.checkSequence(FrameType.CONTINUATION.code(), 3);
        assertNull(joiner.append(ContinuationFrame.of(3, new byte[] {3}, false)));
        FieldBlockJoiner.Block block = joiner.append(ContinuationFrame.of(3, new byte[] {4, 5}, true));
        assertSame(h, block.first());
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, block.fragment());
        assertFalse(joiner.inProgress());
    }

    @Test
    void aBlockWithEndHeadersIsCompleteAtOnce() {
        HeadersFrame h = HeadersFrame.of(1, new byte[] {7}, false, true);
        assertArrayEquals(new byte[] {7}, joiner.start(h, h.fragment(), h.endHeaders()).fragment());
        assertFalse(joiner.inProgress());
    }

    @Test
    void aContinuationOnAnotherStreamIsAFrameInsideTheBlock() {
        HeadersFrame h = HeadersFrame.of(1, new byte[] {7}, false, false);
        joiner.start(h, h.fragment(), h.endHeaders());
        ConnectionError e = assertThrows(ConnectionError.class,
                () -> joiner.checkSequence(FrameType.CONTINUATION.code(), 3));
        assertEquals(FieldBlockRule.FRAME_INSIDE_FIELD_BLOCK, e.rule());
        e = assertThrows(ConnectionError.class, () -> joiner.checkSequence(FrameType.DATA.code(), 1));
        assertEquals(FieldBlockRule.FRAME_INSIDE_FIELD_BLOCK, e.rule());
        assertTrue(joiner.inProgress());
        joiner.abandon();
        joiner.checkSequence(FrameType.DATA.code(), 1); // nothing open any more
    }

    @Test
    void aContinuationWithoutAnOpenBlockIsABreak() {
        ConnectionError e = assertThrows(ConnectionError.class,
                () -> joiner.checkSequence(FrameType.CONTINUATION.code(), 1));
        assertEquals(FieldBlockRule.CONTINUATION_WITHOUT_FIELD_BLOCK, e.rule());
    }
}
