package io.h2scope.conformance.intermediary.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.h2scope.engine.flow.FlowWindow;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The h2c origin counts the DATA of a scripted answer against its send windows (RFC 9113 §6.9.1): an intermediary
 * that gives that DATA back by topping the connection window up to 2^31-1 (haproxy does) must not look like a
 * flow-control overflow to the origin, which would then drop the connection.
 */
class H2cOriginFlowTest {

    @Test
    void aScriptedAnswersDataIsCountedSoAWindowToppedUpToTheMaximumIsNoOverflow() throws Exception {
        byte[] body = "hello".getBytes(StandardCharsets.US_ASCII);
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                ScriptedPeer intermediary = ScriptedPeer.connect(origin.port()).patience(Duration.ofSeconds(20))) {
            Marker m = Marker.fresh();
            origin.arrivals().expect(m);
            origin.answers().script(m, new OriginAnswer.H2((peer, s) -> {
                peer.headers(s, List.of(new HeaderField(":status", "200")), false);
                peer.data(s, body, true);
            }));
            intermediary.greet();
            intermediary.get(1, m.path());
            DataFrame data = (DataFrame) intermediary.await(f -> f instanceof DataFrame d && d.streamId() == 1);
            assertNotNull(data, "the scripted answer's DATA came");
            assertEquals(body.length, data.data().length);

            // what haproxy sends: the connection window as the receiver counts it (65535 - 5), topped up to 2^31-1
            int topUp = FlowWindow.MAX_SIZE - (FlowWindow.DEFAULT_INITIAL_SIZE - body.length);
            intermediary.send(WindowUpdateFrame.of(0, topUp));
            intermediary.get(3, "/next");

            HeadersFrame next = (HeadersFrame) intermediary.await(f -> f instanceof HeadersFrame h && h.streamId() == 3);
            assertNotNull(next, "the origin kept the connection and answered the next request, where a window counted"
                    + " without the 5 octets would overflow and drop it");
            assertEquals(1, origin.connections(), "on the one connection");
        }
    }
}
