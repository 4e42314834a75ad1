package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Input over our limits that a stream can absorb is refused on the stream, the connection kept (issue 17 item 5). */
class OversizedInputTest {

    @Test
    void oneFieldValueOverTheHeaderListLimitGets431AndHpackStaysInSync_rfc9113_10_5_1() {
        CoreHarness p = CoreHarness.server(ConnectionConfig.DEFAULTS).handshake();
        List<HeaderField> big = new ArrayList<>(get("/"));
        big.add(new HeaderField("x-big", "v".repeat(20_000))); // over 16 KiB, the block under 32 KiB
        byte[] block = p.block(big);
        assertTrue(block.length > 16_384 && block.length < 32 * 1024, "block of " + block.length);
        p.frame(HeadersFrame.of(1, java.util.Arrays.copyOf(block, 16_000), true, false));
        p.frame(io.h2scope.engine.frame.ContinuationFrame.of(1, java.util.Arrays.copyOfRange(block, 16_000, block.length), true));
        List<Frame> frames = p.read();
        HeadersFrame response = (HeadersFrame) frames.stream().filter(f -> f instanceof HeadersFrame).findFirst()
                .orElseThrow(() -> new AssertionError("no 431 in " + frames));
        assertEquals(List.of(new HeaderField(":status", "431")), p.decode(response));
        assertTrue(frames.stream().noneMatch(f -> f instanceof GoAwayFrame), "no GOAWAY: " + frames);
        assertEquals(431, p.events.last(Event.RequestRefused.class).status());
        // the decoder kept the table: a request encoded against the peer's table after the big one is served
        p.headers(3, get("/after"), true);
        p.expectNoError();
        Event.HeadersReceived next = p.events.last(Event.HeadersReceived.class);
        assertEquals(3, next.streamId());
        assertEquals("/after", HeaderSections.valueOf(next.headers(), ":path"));
    }

    @Test
    void aDataFrameOverOurMaxFrameSizeIsAFrameSizeErrorNotAFlowControlError_rfc9113_4_2() {
        CoreHarness p = CoreHarness.client(ConnectionConfig.DEFAULTS);
        p.frame(SettingsFrame.of(List.of()));
        p.frame(SettingsFrame.ackFrame());
        int id = p.conn.openStream(get("/"), true);
        p.read();
        p.frame(HeadersFrame.of(id, new io.h2scope.engine.hpack.HpackEncoder(4096).encode(status(200)), false, true));
        // over our SETTINGS_MAX_FRAME_SIZE of 16,384 and over the 65,535-octet windows: the frame size is what is wrong
        p.send(RawFrameWriter.frame(0x0, 0, id, new byte[70_000]));
        List<Frame> frames = p.read();
        ErrorCode code = frames.stream().filter(f -> f instanceof RstStreamFrame || f instanceof GoAwayFrame)
                .map(f -> f instanceof RstStreamFrame r ? ErrorCode.fromCode(r.errorCode()).orElseThrow()
                        : ErrorCode.fromCode(((GoAwayFrame) f).errorCode()).orElseThrow())
                .findFirst().orElseThrow(() -> new AssertionError("no error frame in " + frames));
        assertEquals(ErrorCode.FRAME_SIZE_ERROR, code, "frames: " + frames);
        assertEquals(Role.CLIENT, p.conn.role());
        assertTrue(frames.stream().noneMatch(f -> f instanceof DataFrame));
    }
}
