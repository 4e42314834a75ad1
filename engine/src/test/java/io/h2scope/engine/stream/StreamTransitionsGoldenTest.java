package io.h2scope.engine.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.stream.Transition.Next;
import io.h2scope.engine.stream.Transition.Reject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every (state, close cause, input) cell of {@link StreamTransitions} against the hand-written
 * golden table {@code stream-transitions.csv} (RFC 9113 §5.1).
 */
class StreamTransitionsGoldenTest {

    private static Map<String, String> golden;

    @BeforeAll
    static void loadGolden() throws IOException {
        golden = new HashMap<>();
        try (InputStream in = StreamTransitionsGoldenTest.class.getResourceAsStream("stream-transitions.csv")) {
            assertNotNull(in, "stream-transitions.csv is missing from the test resources");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split(",", -1);
                assertEquals(4, f.length, "malformed golden line: " + line);
                String previous = golden.put(key(f[0], f[1], f[2]), f[3]);
                assertNull(previous, "duplicate golden line: " + line);
            }
        }
    }

    static Stream<Arguments> everyStateCauseAndInput() {
        List<Arguments> all = new ArrayList<>();
        for (StreamState state : StreamState.values()) {
            List<CloseCause> causes = state == StreamState.CLOSED ? List.of(CloseCause.values()) : java.util.Collections.singletonList(null);
            for (CloseCause cause : causes) {
                for (StreamInput input : StreamInput.values()) {
                    all.add(Arguments.of(state, cause, input));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("everyStateCauseAndInput")
    @DisplayName("RFC 9113 §5.1: transition table matches the golden CSV")
    void tableMatchesGolden_rfc9113_5_1(StreamState state, CloseCause cause, StreamInput input) {
        String expected = golden.get(key(state.name(), cause == null ? "-" : cause.name(), input.name()));
        assertNotNull(expected, "golden CSV has no line for " + state + "," + cause + "," + input);
        assertEquals(expected, render(StreamTransitions.next(state, cause, input)));
    }

    @Test
    void goldenHasNoLinesBeyondTheTable() {
        long cells = everyStateCauseAndInput().count();
        assertEquals(cells, golden.size(), "golden CSV lines vs table cells");
    }

    @Test
    void closedStateNeedsACause_rfc9113_5_1() {
        assertThrows(NullPointerException.class, () -> StreamTransitions.next(StreamState.CLOSED, StreamInput.RECV_DATA));
    }

    @Test
    void liveStatesIgnoreTheCause() {
        assertEquals(StreamTransitions.next(StreamState.OPEN, StreamInput.RECV_DATA),
                StreamTransitions.next(StreamState.OPEN, CloseCause.RESET_SENT, StreamInput.RECV_DATA));
    }

    @Test
    void rejectionsBuildTypedErrors_rfc9113_5_1() {
        Reject r = (Reject) StreamTransitions.next(StreamState.HALF_CLOSED_REMOTE, StreamInput.RECV_DATA);
        var e = r.toException(3);
        assertEquals(io.h2scope.engine.error.ErrorScope.STREAM, e.scope());
        assertEquals(SpecRef.rfc9113("5.1"), e.spec());
        assertEquals(io.h2scope.engine.error.ErrorCode.STREAM_CLOSED, e.code());
    }

    private static String render(Transition t) {
        if (t instanceof Next n) {
            return n.state().name();
        }
        Reject r = (Reject) t;
        assertEquals(SpecRef.Rfc.RFC9113, r.spec().rfc());
        return r.scope() + " " + r.code() + " " + r.spec().section();
    }

    private static String key(String state, String cause, String input) {
        return state + "," + cause + "," + input;
    }
}
