package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.post;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The RFC 9113 §8 rules the core owns: sequencing, trailers, 1xx, content-length (via MessageRules), push. */
class MessageRulesTest {

    private final CoreHarness server = CoreHarness.server().handshake();

    @Test
    void headersWithoutEndStreamAfterRequestIsMalformed_rfc9113_8_1() {
        server.headers(1, get("/"), false);
        server.headers(1, List.of(new HeaderField("x-trailer", "1")), false);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void requestTrailersAreDelivered_rfc9113_8_1() {
        server.headers(1, post("/", 3), false);
        server.frame(DataFrame.of(1, new byte[3], false));
        server.headers(1, List.of(new HeaderField("x-checksum", "abc")), true);
        server.expectNoError();
        Event.HeadersReceived t = server.events.last(Event.HeadersReceived.class);
        assertEquals(Event.HeadersKind.TRAILERS, t.kind());
    }

    @Test
    void pseudoHeaderInTrailersIsMalformed_rfc9113_8_1() {
        server.headers(1, get("/"), false);
        server.headers(1, List.of(new HeaderField(":path", "/")), true);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void contentLengthMismatchIsMalformed_rfc9113_8_1_1() {
        server.headers(1, post("/", 10), false);
        server.frame(DataFrame.of(1, new byte[4], true));
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
        assertTrue(server.events.all(Event.DataReceived.class).isEmpty());
    }

    @Test
    void dataBeyondContentLengthIsMalformed_rfc9113_8_1_1() {
        server.headers(1, post("/", 2), false);
        server.frame(DataFrame.of(1, new byte[3], false));
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void requestWithoutMethodIsMalformed_rfc9113_8_3_1() {
        server.headers(1, List.of(new HeaderField(":scheme", "https"), new HeaderField(":path", "/")), true);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void upperCaseFieldNameIsMalformed_rfc9113_8_2_1() {
        server.headers(1, List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                new HeaderField(":path", "/"), new HeaderField("X-Upper", "1")), true);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void pluggedMessageRulesAreAsked() {
        MessageRules refuseAll = new MessageRules() {
            @Override
            public void request(int streamId, List<HeaderField> headers) {
                throw new io.h2scope.engine.error.StreamError(streamId,
                        io.h2scope.engine.http.MessageRule.CONNECTION_SPECIFIC_FIELD, "custom");
            }

            @Override
            public void response(int streamId, List<HeaderField> headers) {
            }

            @Override
            public void trailers(int streamId, List<HeaderField> headers) {
            }

            @Override
            public BodyCheck body(int streamId, List<HeaderField> headers, boolean bodyExpected) {
                return BodyCheck.NONE;
            }
        };
        CoreHarness p = CoreHarness.server(ConnectionConfig.DEFAULTS.withMessageRules(refuseAll)).handshake();
        p.headers(1, get("/"), true);
        p.expectRst(1, ErrorCode.PROTOCOL_ERROR);
        assertEquals("custom", p.events.last(Event.StreamErrorRaised.class).error().detail());
    }

    @Test
    void informationalWithEndStreamIsMalformed_clientSide_rfc9113_8_1() {
        CoreHarness c = CoreHarness.client(ConnectionConfig.DEFAULTS).handshake();
        int id = c.conn.openStream(get("/"), true);
        c.headers(id, status(100), true);
        c.expectRst(id, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void dataBeforeFinalResponseIsMalformed_clientSide_rfc9113_8_1() {
        CoreHarness c = CoreHarness.client(ConnectionConfig.DEFAULTS).handshake();
        int id = c.conn.openStream(get("/"), true);
        c.headers(id, status(103), false);
        c.frame(DataFrame.of(id, new byte[1], false));
        c.expectRst(id, ErrorCode.PROTOCOL_ERROR);
        assertEquals(Event.HeadersKind.INFORMATIONAL, c.events.last(Event.HeadersReceived.class).kind());
    }

    @Test
    void responseToHeadHasNoBodyDespiteContentLength_rfc9113_8_1_1() {
        CoreHarness c = CoreHarness.client(ConnectionConfig.DEFAULTS).handshake();
        int id = c.conn.openStream(List.of(new HeaderField(":method", "HEAD"), new HeaderField(":scheme", "https"),
                new HeaderField(":path", "/")), true);
        c.headers(id, List.of(new HeaderField(":status", "200"), new HeaderField("content-length", "1000")), true);
        c.expectNoError();
    }

    @Test
    void unsafePromisedRequestIsStreamErrorOnPromisedStream_rfc9113_8_4_1() {
        CoreHarness c = CoreHarness.client(ConnectionConfig.DEFAULTS.withEnablePush(true)).handshake();
        int id = c.conn.openStream(get("/"), true);
        c.frame(PushPromiseFrame.of(id, 2, c.block(post("/x", 0)), true));
        c.expectRst(2, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void pushPromiseOnServerStreamIsProtocolError_rfc9113_6_6() {
        CoreHarness c = CoreHarness.client(ConnectionConfig.DEFAULTS.withEnablePush(true)).handshake();
        c.conn.openStream(get("/"), true);
        c.frame(PushPromiseFrame.of(2, 4, c.block(get("/x")), true));
        c.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void headerListTooLargeGets431AndKeepsHpackInSync_rfc9113_10_5_1() {
        CoreHarness p = CoreHarness.server(ConnectionConfig.DEFAULTS.withLimits(
                io.h2scope.engine.core.limits.Limits.builder().maxHeaderListSize(200).build())).handshake();
        List<HeaderField> big = new java.util.ArrayList<>(get("/"));
        big.add(new HeaderField("x-big", "v".repeat(150)));
        p.headers(1, big, true);
        HeadersFrame response = p.readAll(HeadersFrame.class).get(0);
        assertEquals("431", HeaderSections.valueOf(p.decode(response), ":status"));
        assertEquals(431, p.events.last(Event.RequestRefused.class).status());
        p.headers(3, get("/"), true); // the dynamic table still agrees
        p.expectNoError();
        assertEquals(Event.HeadersKind.REQUEST, p.events.last(Event.HeadersReceived.class).kind());
    }

    @Test
    void maxHeaderListSizeIsAdvertised_rfc9113_6_5_2() {
        CoreHarness c = CoreHarness.client(ConnectionConfig.DEFAULTS);
        SettingsFrame s = (SettingsFrame) c.read().get(0);
        assertTrue(s.settings().contains(new RawSetting(0x6, 16_384)));
    }
}
