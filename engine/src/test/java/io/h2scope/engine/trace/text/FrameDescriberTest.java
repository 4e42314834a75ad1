package io.h2scope.engine.trace.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FrameDescriberTest {

    @Test
    void namesErrorCodesAndEscapesBytes() {
        assertEquals("RST_STREAM    stream=3 length=4 error=CANCEL",
                FrameDescriber.line(RstStreamFrame.of(3, ErrorCode.CANCEL)));
        assertEquals("GOAWAY        stream=0 length=14 last_stream=7 error=0x1f debug=\"a\\r\\n\\\"b\\\"\"",
                FrameDescriber.line(GoAwayFrame.of(7, 0x1f, "a\r\n\"b\"".getBytes(StandardCharsets.US_ASCII))));
        assertEquals("WINDOW_UPDATE stream=0 length=4 increment=65535", FrameDescriber.line(WindowUpdateFrame.of(0, 65535)));
    }

    @Test
    void cutsLongPayloadsAndNamesUnknownTypes() {
        String line = FrameDescriber.line(DataFrame.of(1, new byte[100], true));
        assertEquals("DATA          stream=1 length=100 flags=END_STREAM data=\"" + "\\x00".repeat(64) + "\"... (100 bytes)", line);
        assertEquals("0xfa          stream=0 length=2 flags=0x80 (unknown type, ignored per RFC 9113 \u00a75.5) payload=2B",
                FrameDescriber.line(new UnknownFrame(0xfa, 0x80, 0, new byte[2])));
    }
}
