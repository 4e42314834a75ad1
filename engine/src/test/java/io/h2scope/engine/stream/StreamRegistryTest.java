package io.h2scope.engine.stream;

import static io.h2scope.engine.stream.StreamInput.RECV_DATA;
import static io.h2scope.engine.stream.StreamInput.RECV_END_STREAM;
import static io.h2scope.engine.stream.StreamInput.RECV_HEADERS;
import static io.h2scope.engine.stream.StreamInput.RECV_PROMISED_ID;
import static io.h2scope.engine.stream.StreamInput.RECV_PUSH_PROMISE;
import static io.h2scope.engine.stream.StreamInput.RECV_RST_STREAM;
import static io.h2scope.engine.stream.StreamInput.SEND_END_STREAM;
import static io.h2scope.engine.stream.StreamInput.SEND_HEADERS;
import static io.h2scope.engine.stream.StreamInput.SEND_PROMISED_ID;
import static io.h2scope.engine.stream.StreamInput.SEND_PUSH_PROMISE;
import static io.h2scope.engine.stream.StreamInput.SEND_RST_STREAM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.stream.Transition.Next;
import io.h2scope.engine.stream.Transition.Reject;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class StreamRegistryTest {

    private final StreamRegistry server = new StreamRegistry(Role.SERVER);
    private final StreamRegistry client = new StreamRegistry(Role.CLIENT);

    // ---------------------------------------------------------------- §5.1.1 identifiers

    @Test
    void clientIdsAreOddAndServerIdsEven_rfc9113_5_1_1() {
        assertEquals(OptionalInt.of(1), client.nextLocalId());
        assertEquals(OptionalInt.of(2), server.nextLocalId());
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        assertEquals(OptionalInt.of(3), client.nextLocalId());
        assertTrue(Role.CLIENT.initiates(7));
        assertFalse(Role.SERVER.initiates(7));
    }

    @Test
    void lowerIdThanHighestOpenedIsConnectionProtocolError_rfc9113_5_1_1() {
        next(server.apply(5, RECV_HEADERS), StreamState.OPEN);
        reject(server.apply(3, RECV_HEADERS), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1.1");
        reject(server.apply(1, RECV_HEADERS), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1.1");
    }

    @Test
    void openingAHigherIdImplicitlyClosesLowerIdleIds_rfc9113_5_1_1() {
        assertEquals(StreamState.IDLE, server.state(3));
        next(server.apply(7, RECV_HEADERS), StreamState.OPEN);
        assertEquals(StreamState.CLOSED, server.state(3));
        assertEquals(Optional.of(CloseCause.UNKNOWN), server.closeCause(3));
        assertEquals(StreamState.IDLE, server.state(9));
        // our own (even) ids are not affected by the peer's
        assertEquals(StreamState.IDLE, server.state(2));
        assertEquals(7, server.lastRemoteId());
    }

    @Test
    void dataOnSkippedStreamIsStreamClosed_rfc9113_6_1() {
        next(server.apply(7, RECV_HEADERS), StreamState.OPEN);
        reject(server.apply(3, RECV_DATA), ErrorScope.STREAM, ErrorCode.STREAM_CLOSED, "6.1");
    }

    @Test
    void streamIdExhaustionLeavesNoNextId_rfc9113_5_1_1() {
        next(client.apply(StreamRegistry.MAX_STREAM_ID, SEND_HEADERS), StreamState.OPEN);
        assertEquals(OptionalInt.empty(), client.nextLocalId());
        assertFalse(client.canOpenLocal());
        next(server.apply(StreamRegistry.MAX_STREAM_ID - 1, SEND_PROMISED_ID), StreamState.RESERVED_LOCAL);
        assertEquals(OptionalInt.empty(), server.nextLocalId());
    }

    @Test
    void streamZeroAndNegativeIdsAreCallerBugs() {
        assertThrows(IllegalArgumentException.class, () -> server.apply(0, RECV_HEADERS));
        assertThrows(IllegalArgumentException.class, () -> server.state(-1));
    }

    // ---------------------------------------------------------------- §5.1 idle, role rules

    @Test
    void serverRejectsHeadersOnIdleServerInitiatedStream_rfc9113_5_1() {
        reject(server.apply(2, RECV_HEADERS), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1");
    }

    @Test
    void clientRejectsHeadersOnIdleServerInitiatedStream_rfc9113_5_1() {
        reject(client.apply(2, RECV_HEADERS), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1");
    }

    @Test
    void clientRejectsServerOpeningAnOddStream_rfc9113_5_1_1() {
        reject(client.apply(1, RECV_HEADERS), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1.1");
    }

    @Test
    void serverCannotOpenStreamsWithHeaders_rfc9113_5_1() {
        reject(server.apply(2, SEND_HEADERS), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1");
        reject(server.apply(1, SEND_HEADERS), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1.1");
    }

    @Test
    void rstStreamOnIdleIsConnectionProtocolError_rfc9113_6_4() {
        reject(server.apply(1, RECV_RST_STREAM), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "6.4");
        assertEquals(StreamState.IDLE, server.state(1));
    }

    @Test
    void serverReceivingPushPromiseIsConnectionProtocolError_rfc9113_8_4() {
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        reject(server.apply(1, RECV_PUSH_PROMISE), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "8.4");
        reject(server.apply(2, RECV_PROMISED_ID), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "8.4");
    }

    @Test
    void clientCannotPush_rfc9113_8_4() {
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        reject(client.apply(1, SEND_PUSH_PROMISE), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "8.4");
    }

    @Test
    void pushPromiseOnServerInitiatedStreamIsRejected_rfc9113_6_6() {
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        next(client.apply(1, RECV_PUSH_PROMISE), StreamState.OPEN);
        next(client.apply(2, RECV_PROMISED_ID), StreamState.RESERVED_REMOTE);
        next(client.apply(2, RECV_HEADERS), StreamState.HALF_CLOSED_LOCAL);
        reject(client.apply(2, RECV_PUSH_PROMISE), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "6.6");
    }

    @Test
    void promisingAnOddStreamIsRejected_rfc9113_5_1_1() {
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        reject(client.apply(3, RECV_PROMISED_ID), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1.1");
    }

    @Test
    void promisingAnUsedStreamIsRejected_rfc9113_6_6() {
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        next(client.apply(4, RECV_PROMISED_ID), StreamState.RESERVED_REMOTE);
        reject(client.apply(4, RECV_PROMISED_ID), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "6.6");
        // 2 was skipped by promising 4: it is closed now, so promising it is illegal too
        reject(client.apply(2, RECV_PROMISED_ID), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "6.6");
    }

    @Test
    void fullPushLifecycleOnTheServer_rfc9113_8_4() {
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        next(server.apply(1, RECV_END_STREAM), StreamState.HALF_CLOSED_REMOTE);
        next(server.apply(1, SEND_PUSH_PROMISE), StreamState.HALF_CLOSED_REMOTE);
        next(server.apply(2, SEND_PROMISED_ID), StreamState.RESERVED_LOCAL);
        assertEquals(0, server.activeLocal(), "reserved streams do not count (§5.1.2)");
        next(server.apply(2, SEND_HEADERS), StreamState.HALF_CLOSED_REMOTE);
        assertEquals(1, server.activeLocal());
        next(server.apply(2, SEND_END_STREAM), StreamState.CLOSED);
        assertEquals(Optional.of(CloseCause.END_STREAM), server.closeCause(2));
        assertEquals(0, server.activeLocal());
    }

    // ---------------------------------------------------------------- §5.1 closed: causes

    @Test
    void framesAfterOurResetAreDiscarded_rfc9113_5_1() {
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        next(server.apply(1, SEND_RST_STREAM), StreamState.CLOSED);
        assertEquals(Optional.of(CloseCause.RESET_SENT), server.closeCause(1));
        next(server.apply(1, RECV_DATA), StreamState.CLOSED);
        next(server.apply(1, RECV_HEADERS), StreamState.CLOSED);
        next(server.apply(1, RECV_END_STREAM), StreamState.CLOSED);
    }

    @Test
    void pushPromiseAfterOurResetStillReserves_rfc9113_6_6() {
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        next(client.apply(1, SEND_RST_STREAM), StreamState.CLOSED);
        next(client.apply(1, RECV_PUSH_PROMISE), StreamState.CLOSED);
        next(client.apply(2, RECV_PROMISED_ID), StreamState.RESERVED_REMOTE);
    }

    @Test
    void dataAfterPeerResetIsStreamClosed_rfc9113_5_1() {
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        next(server.apply(1, RECV_RST_STREAM), StreamState.CLOSED);
        assertEquals(Optional.of(CloseCause.RESET_RECEIVED), server.closeCause(1));
        reject(server.apply(1, RECV_DATA), ErrorScope.STREAM, ErrorCode.STREAM_CLOSED, "6.1");
        reject(server.apply(1, RECV_HEADERS), ErrorScope.CONNECTION, ErrorCode.STREAM_CLOSED, "5.1");
    }

    @Test
    void framesAfterEndStreamBothWaysAreStreamClosed_rfc9113_5_1() {
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        next(server.apply(1, RECV_END_STREAM), StreamState.HALF_CLOSED_REMOTE);
        reject(server.apply(1, RECV_DATA), ErrorScope.STREAM, ErrorCode.STREAM_CLOSED, "5.1");
        next(server.apply(1, SEND_HEADERS), StreamState.HALF_CLOSED_REMOTE);
        next(server.apply(1, SEND_END_STREAM), StreamState.CLOSED);
        reject(server.apply(1, RECV_DATA), ErrorScope.STREAM, ErrorCode.STREAM_CLOSED, "6.1");
        reject(server.apply(1, RECV_HEADERS), ErrorScope.CONNECTION, ErrorCode.STREAM_CLOSED, "5.1");
        next(server.apply(1, StreamInput.RECV_WINDOW_UPDATE), StreamState.CLOSED);
        next(server.apply(1, RECV_RST_STREAM), StreamState.CLOSED);
        assertEquals(Optional.of(CloseCause.END_STREAM), server.closeCause(1), "first cause wins");
    }

    @Test
    void closeCauseIsEmptyForLiveAndIdleStreams() {
        assertEquals(Optional.empty(), server.closeCause(1));
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        assertEquals(Optional.empty(), server.closeCause(1));
    }

    // ---------------------------------------------------------------- bounded closed memory

    @Test
    void closedMemoryIsBoundedAndForgetsTheOldest() {
        StreamRegistry small = new StreamRegistry(Role.SERVER, 2, StreamRegistry.DEFAULT_MAX_RESERVED_REMOTE);
        for (int id = 1; id <= 5; id += 2) {
            next(small.apply(id, RECV_HEADERS), StreamState.OPEN);
            next(small.apply(id, SEND_RST_STREAM), StreamState.CLOSED);
        }
        assertEquals(2, small.rememberedClosed());
        assertEquals(Optional.of(CloseCause.UNKNOWN), small.closeCause(1));
        assertEquals(Optional.of(CloseCause.RESET_SENT), small.closeCause(5));
        // forgotten: late DATA is no longer recognised as racing our reset
        reject(small.apply(1, RECV_DATA), ErrorScope.STREAM, ErrorCode.STREAM_CLOSED, "6.1");
        next(small.apply(5, RECV_DATA), StreamState.CLOSED);
    }

    @Test
    void defaultClosedMemoryHoldsTheDocumentedNumber() {
        int streams = StreamRegistry.DEFAULT_CLOSED_STREAM_MEMORY + 50;
        for (int i = 0, id = 1; i < streams; i++, id += 2) {
            server.apply(id, RECV_HEADERS);
            server.apply(id, RECV_RST_STREAM);
        }
        assertEquals(StreamRegistry.DEFAULT_CLOSED_STREAM_MEMORY, server.rememberedClosed());
        assertEquals(256, StreamRegistry.DEFAULT_CLOSED_STREAM_MEMORY);
    }

    // ---------------------------------------------------------------- §5.1.2 concurrency

    @Test
    void peerOverOurLimitGetsRefusedStream_rfc9113_5_1_2() {
        server.setMaxConcurrentRemote(1);
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        reject(server.apply(3, RECV_HEADERS), ErrorScope.STREAM, ErrorCode.REFUSED_STREAM, "5.1.2");
        assertEquals(Optional.of(CloseCause.RESET_SENT), server.closeCause(3));
        assertEquals(3, server.lastRemoteId(), "a refused id is used up");
        assertEquals(1, server.activeRemote());
        next(server.apply(3, RECV_DATA), StreamState.CLOSED);
        next(server.apply(3, SEND_RST_STREAM), StreamState.CLOSED);
        next(server.apply(1, RECV_RST_STREAM), StreamState.CLOSED);
        assertEquals(0, server.activeRemote());
        next(server.apply(5, RECV_HEADERS), StreamState.OPEN);
    }

    @Test
    void onlyOpenAndHalfClosedStreamsCount_rfc9113_5_1_2() {
        server.setMaxConcurrentRemote(2);
        next(server.apply(1, RECV_HEADERS), StreamState.OPEN);
        next(server.apply(1, RECV_END_STREAM), StreamState.HALF_CLOSED_REMOTE);
        next(server.apply(3, RECV_HEADERS), StreamState.OPEN);
        next(server.apply(3, SEND_END_STREAM), StreamState.HALF_CLOSED_LOCAL);
        assertEquals(2, server.activeRemote());
        reject(server.apply(5, RECV_HEADERS), ErrorScope.STREAM, ErrorCode.REFUSED_STREAM, "5.1.2");
        next(server.apply(1, SEND_END_STREAM), StreamState.CLOSED);
        assertEquals(1, server.activeRemote());
        next(server.apply(7, RECV_HEADERS), StreamState.OPEN);
    }

    @Test
    void reservedStreamsDoNotCountUntilTheyOpen_rfc9113_5_1_2() {
        client.setMaxConcurrentRemote(0);
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        next(client.apply(2, RECV_PROMISED_ID), StreamState.RESERVED_REMOTE);
        assertEquals(1, client.reservedRemote());
        reject(client.apply(2, RECV_HEADERS), ErrorScope.STREAM, ErrorCode.REFUSED_STREAM, "5.1.2");
        assertEquals(Optional.of(CloseCause.RESET_SENT), client.closeCause(2));
        assertEquals(0, client.reservedRemote());
    }

    @Test
    void weMustNotExceedThePeerLimit_rfc9113_5_1_2() {
        client.setMaxConcurrentLocal(1);
        next(client.apply(1, SEND_HEADERS), StreamState.OPEN);
        assertFalse(client.canOpenLocal());
        reject(client.apply(3, SEND_HEADERS), ErrorScope.STREAM, ErrorCode.REFUSED_STREAM, "5.1.2");
        assertEquals(StreamState.IDLE, client.state(3), "a refused local open changes nothing");
        assertEquals(1, client.lastLocalId());
        next(client.apply(1, SEND_RST_STREAM), StreamState.CLOSED);
        assertTrue(client.canOpenLocal());
    }

    @Test
    void tooManyPromisedStreamsAreRefused_rfc9113_6_6() {
        StreamRegistry c = new StreamRegistry(Role.CLIENT, 16, 1);
        next(c.apply(1, SEND_HEADERS), StreamState.OPEN);
        next(c.apply(2, RECV_PROMISED_ID), StreamState.RESERVED_REMOTE);
        reject(c.apply(4, RECV_PROMISED_ID), ErrorScope.STREAM, ErrorCode.REFUSED_STREAM, "6.6");
        assertEquals(Optional.of(CloseCause.RESET_SENT), c.closeCause(4));
        assertEquals(4, c.lastRemoteId());
        next(c.apply(2, RECV_RST_STREAM), StreamState.CLOSED);
        next(c.apply(6, RECV_PROMISED_ID), StreamState.RESERVED_REMOTE);
    }

    @Test
    void negativeLimitsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> server.setMaxConcurrentRemote(-1));
        assertThrows(IllegalArgumentException.class, () -> new StreamRegistry(Role.SERVER, -1, 1));
    }

    // ---------------------------------------------------------------- helpers

    private static void next(Transition t, StreamState expected) {
        Next n = assertInstanceOf(Next.class, t, () -> "expected " + expected + " but got " + t);
        assertEquals(expected, n.state());
    }

    private static void reject(Transition t, ErrorScope scope, ErrorCode code, String section) {
        Reject r = assertInstanceOf(Reject.class, t, () -> "expected a rejection but got " + t);
        assertEquals(scope, r.scope(), r.why());
        assertEquals(code, r.code(), r.why());
        assertEquals(SpecRef.rfc9113(section), r.spec(), r.why());
    }

    @Test
    void senderEndSaysHowTheSenderOfAFrameHadEndedItsStream_rfc9113_5_1() {
        client.apply(1, SEND_HEADERS);
        assertEquals(SenderEnd.NOT_ENDED, client.senderEnd(1, true));
        client.apply(1, RECV_HEADERS);
        client.apply(1, RECV_END_STREAM);
        assertEquals(SenderEnd.END_STREAM, client.senderEnd(1, true), "half-closed (remote): the server ended it");
        assertEquals(SenderEnd.NOT_ENDED, client.senderEnd(1, false), "we have not");
        client.apply(1, SEND_END_STREAM);
        assertEquals(SenderEnd.END_STREAM, client.senderEnd(1, true), "closed by END_STREAM both ways");
        assertEquals(SenderEnd.END_STREAM, client.senderEnd(1, false));

        client.apply(3, SEND_HEADERS);
        client.apply(3, RECV_RST_STREAM);
        assertEquals(SenderEnd.RST_STREAM, client.senderEnd(3, true), "the server reset it");
        assertEquals(SenderEnd.NOT_ENDED, client.senderEnd(3, false), "our frames after its reset are not held to ours");
        client.apply(5, SEND_HEADERS);
        client.apply(5, SEND_RST_STREAM);
        assertEquals(SenderEnd.RST_STREAM, client.senderEnd(5, false));
        assertEquals(SenderEnd.NOT_ENDED, client.senderEnd(5, true), "the server may not know of our reset yet");
        assertEquals(SenderEnd.NOT_ENDED, client.senderEnd(0, true), "the connection");
    }
}
