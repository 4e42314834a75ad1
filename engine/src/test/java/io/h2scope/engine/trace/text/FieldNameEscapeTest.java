package io.h2scope.engine.trace.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A field name is a peer's octets as much as a value is (the HPACK decoder takes any name; the message rules judge
 * it later): a text line shows it escaped, so a CR, LF or non-ASCII octet in it cannot start a forged log line.
 */
class FieldNameEscapeTest {

    private static final HeaderField FORGED = new HeaderField("x\r\n2026-12-07T00:00:00.000Z INFO forged", "v");

    @Test
    void aFieldListShowsANameWithControlAndNonAsciiOctetsEscaped() {
        assertEquals("{x\\x0d\\x0a2026-12-07T00:00:00.000Z INFO forged: v, caf\\xe9: ok}", FrameDescriber.fields(
                List.of(FORGED, new HeaderField("caf\u00e9", "ok")), Redaction.DEFAULT));
    }

    @Test
    void aFrameLineMadeTwiceFromTheKeptListStaysOneAsciiLine() {
        FrameLineMaker maker = new FrameLineMaker();
        HeadersFrame frame = HeadersFrame.of(1, new byte[20], true, true);
        FrameEvent event = new FrameEvent(1, 0, Direction.INBOUND, FrameHeader.of(frame), frame,
                List.of(new HeaderField(":method", "GET"), FORGED), 65535, 65535, 65535, 65535,
                StreamState.HALF_CLOSED_REMOTE);
        for (int time = 0; time < 2; time++) { // the second line copies the kept text of the first
            String line = maker.line(event, Redaction.DEFAULT, false, "").toString();
            assertTrue(line.contains("{:method: GET, x\\x0d\\x0a2026-12-07T00:00:00.000Z INFO forged: v}"), line);
            assertTrue(line.chars().allMatch(c -> c >= 0x20 && c < 0x7f), line);
        }
    }

    @Test
    void aHiddenNameIsStillFoundByItsOwnOctetsNotItsEscapedText() {
        String shown = FrameDescriber.fields(List.of(new HeaderField("authorization", "Bearer secret123")),
                Redaction.DEFAULT);
        assertFalse(shown.contains("secret123"), shown);
        assertEquals("{authorization: <redacted 16 bytes>}", shown);
    }
}
