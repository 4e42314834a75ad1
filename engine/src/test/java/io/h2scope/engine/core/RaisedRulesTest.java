package io.h2scope.engine.core;

import io.h2scope.engine.start.StartRule;
import static io.h2scope.engine.core.ConnectionPair.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.RuleIds;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.flow.FlowRule;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackRule;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.settings.SettingsRule;
import io.h2scope.engine.stream.StreamRule;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The errors a connection raises on real input carry the rule that was broken, not just a code and a section. */
class RaisedRulesTest {

    private final CoreHarness p = CoreHarness.server().handshake();

    @Test
    void anHpackDecodingErrorKeepsItsRuleAndNamesRfc9113_4_3() {
        p.raw(0x1, 0x5, 1, new byte[] {(byte) 0x80}); // indexed field, index 0 (RFC 7541 §6.1)
        p.expectGoAway(ErrorCode.COMPRESSION_ERROR);
        H2Exception e = p.events.last(Event.ConnectionErrorRaised.class).error();
        assertSame(HpackRule.INDEX_ZERO, e.rule());
        assertEquals(SpecRef.rfc9113("4.3"), e.spec());
        assertEquals("hpack/index-zero", RuleIds.of(e));
    }

    @Test
    void dataOnAnIdleStreamIsAStreamStateRule_rfc9113_5_1() {
        p.frame(DataFrame.of(1, new byte[1], false));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
        assertSame(StreamRule.FRAME_ON_IDLE_STREAM, p.events.last(Event.ConnectionErrorRaised.class).error().rule());
    }

    @Test
    void anUppercaseFieldNameIsAMessageRule_rfc9113_8_2_1() {
        List<HeaderField> request = new ArrayList<>(get("/"));
        request.add(new HeaderField("X-Upper", "1"));
        p.headers(1, request, true);
        p.expectRst(1, ErrorCode.PROTOCOL_ERROR);
        assertSame(MessageRule.FIELD_NAME_UPPERCASE, p.events.last(Event.StreamErrorRaised.class).error().rule());
    }

    @Test
    void aConnectionWindowOverflowIsAFlowRule_rfc9113_6_9_1() {
        p.frame(WindowUpdateFrame.of(0, Integer.MAX_VALUE));
        p.expectGoAway(ErrorCode.FLOW_CONTROL_ERROR);
        assertSame(FlowRule.CONNECTION_WINDOW_OVERFLOW, p.events.last(Event.ConnectionErrorRaised.class).error().rule());
    }

    @Test
    void enablePushOf2IsASettingsRule_rfc9113_6_5_2() {
        p.frame(SettingsFrame.of(new RawSetting(0x2, 2)));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
        assertSame(SettingsRule.ENABLE_PUSH_NOT_0_OR_1, p.events.last(Event.ConnectionErrorRaised.class).error().rule());
    }

    @Test
    void aWrongClientPrefaceIsAStartRule_rfc9113_3_4() {
        CoreHarness fresh = CoreHarness.server();
        fresh.send("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        fresh.expectGoAway(ErrorCode.PROTOCOL_ERROR);
        assertSame(StartRule.CLIENT_PREFACE_INVALID, fresh.events.last(Event.ConnectionErrorRaised.class).error().rule());
    }
}
