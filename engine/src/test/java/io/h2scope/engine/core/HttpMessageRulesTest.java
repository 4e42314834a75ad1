package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.hpack.HeaderField;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The default rules of a connection are engine.http's full §8 validator (rules BasicMessageRules leaves out). */
class HttpMessageRulesTest {

    private final CoreHarness server = CoreHarness.server().handshake();

    @Test
    void theDefaultConfigUsesTheFullValidator() {
        assertSame(HttpMessageRules.DEFAULT, ConnectionConfig.DEFAULTS.messageRules());
    }

    @Test
    void connectionSpecificFieldIsMalformed_rfc9113_8_2_2() {
        server.headers(1, with(get("/"), "connection", "keep-alive"), true);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
        assertTrue(server.events.last(Event.StreamErrorRaised.class).error().detail().contains("connection"));
    }

    @Test
    void teOtherThanTrailersIsMalformed_rfc9113_8_2_2() {
        server.headers(1, with(get("/"), "te", "gzip"), true);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void crInValueIsMalformed_rfc9113_8_2_1() {
        server.headers(1, with(get("/"), "x-a", "b\rc"), true);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void duplicatedPseudoHeaderIsMalformed_rfc9113_8_3() {
        server.headers(1, with(get("/"), ":path", "/again"), true);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void differingContentLengthsAreMalformed_rfc9113_8_1_1() {
        server.headers(1, with(post("/", 3), "content-length", "4"), false);
        server.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void contentLengthCountedAgainstData_rfc9113_8_1_1() {
        server.headers(1, post("/", 3), false);
        server.frame(DataFrame.of(1, new byte[3], true));
        server.expectNoError();
        assertEquals(3, server.events.last(Event.DataReceived.class).data().length);
    }

    @Test
    void basicRulesStayAvailableAndLenient() {
        CoreHarness lenient = CoreHarness.server(ConnectionConfig.DEFAULTS.withMessageRules(BasicMessageRules.INSTANCE))
                .handshake();
        lenient.headers(1, with(get("/"), "te", "gzip"), true);
        lenient.expectNoError();
    }

    private static List<HeaderField> with(List<HeaderField> base, String name, String value) {
        List<HeaderField> list = new ArrayList<>(base);
        list.add(new HeaderField(name, value));
        return list;
    }
}
