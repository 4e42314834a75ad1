package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.HpackScript.bytes;
import static io.h2scope.conformance.client.cases.HpackScript.ok;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The client's encoder after the server lowers SETTINGS_HEADER_TABLE_SIZE (RFC 9113 §4.3.1, RFC 7541 §4.2): the first
 * field block it sends after acknowledging the change starts with a dynamic table size update to at most the lowered
 * size (the smallest, when it changed more than once), and no block refers past what the server allows. Judged by
 * decoding the client's blocks with the observer's decoder, whose limit follows the client's ACKs exactly so.
 */
final class TableSizeSignal {

    private static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    /**
     * How many requests a case asks for: more than the 100 streams a client may open before it has the server's
     * SETTINGS (nghttp2's assumption for the peer's SETTINGS_MAX_CONCURRENT_STREAMS), so that a client which sends its
     * first requests at once still sends a block after its ACK.
     */
    static final int REQUESTS = 101;
    private static final String[] PATHS = java.util.stream.IntStream.rangeClosed(1, REQUESTS).mapToObj(i -> "/" + i)
            .toArray(String[]::new);

    private TableSizeSignal() {
    }

    static ClientCase loweredTo(long size) {
        return ClientCase.define("client/4.3.1/size-update-after-lowered-to-" + size).rfc("RFC 9113 §4.3.1")
                .quote("Once an endpoint acknowledges a change to SETTINGS_HEADER_TABLE_SIZE that reduces the maximum "
                        + "below the current size of the dynamic table, its HPACK encoder MUST start the next field "
                        + "block with a Dynamic Table Size Update instruction that sets the dynamic table to a size "
                        + "that is less than or equal to the reduced maximum; see Section 4.2 of [COMPRESSION].")
                .does("sends SETTINGS_HEADER_TABLE_SIZE " + size + " first, asks for " + REQUESTS + " requests and "
                        + "decodes the client's first field block after its ACK with a table of at most " + size
                        + " octets")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> judge(stage, size));
    }

    static ClientCase smallestSizeSignalled() {
        return ClientCase.define("client/hpack/4.2/smallest-size-signalled").rfc("RFC 7541 §4.2")
                .quote("In the case that this size is changed more than once in this interval, the smallest maximum "
                        + "table size that occurs in that interval MUST be signaled in a dynamic table size update.")
                .does("sends SETTINGS_HEADER_TABLE_SIZE 0 then 4,096 in two frames, asks for " + REQUESTS
                        + " requests and decodes the client's first field block after both ACKs: it starts with a size "
                        + "update to 0")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> judge(stage, 0, 4096));
    }

    /**
     * Sends each of {@code sizes} in a SETTINGS frame of its own, answers every request, and judges the first field
     * block the client sends after it acknowledged all of them (or after the first ACK, when a block comes between).
     */
    static Verdict judge(ClientStage stage, long... sizes) throws Exception {
        String expected = "the first field block after the ACK starts with a dynamic table size update to at most "
                + Arrays.stream(sizes).min().orElseThrow();
        String[] paths = PATHS;
        stage.start(paths);
        try (ScriptedPeer peer = stage.accept()) {
            try {
                for (long size : sizes) {
                    peer.send(SettingsFrame.of(new RawSetting(SETTINGS_HEADER_TABLE_SIZE, size)));
                }
                peer.send(SettingsFrame.ackFrame());
            } catch (java.io.IOException e) {
                return Verdict.skip(HpackScript.CLOSED + " before the server's SETTINGS");
            }
            int acks = 0;
            Set<Integer> seen = new HashSet<>();
            // answered only once every change is acknowledged: a client that waits for a free stream to send its
            // last requests then sends them after its ACK, whatever the order it reads and writes in
            List<Integer> unanswered = new ArrayList<>();
            Verdict verdict = null;
            boolean closed = false;
            while (seen.size() < paths.length || !unanswered.isEmpty()) {
                Incoming in = peer.next();
                if (in == null || in instanceof Incoming.Closed) {
                    break;
                }
                if (in instanceof Incoming.UndecodableBlock u) {
                    return Verdict.fail(expected, "its block on stream " + u.streamId() + (acks > 0 ? " after "
                            + acks + " of " + sizes.length + " ACKs" : "") + " does not decode with the table the "
                            + "server allows: " + u.error().getMessage());
                }
                if (!(in instanceof Incoming.FrameIn f)) {
                    continue;
                }
                Frame frame = f.frame();
                if (frame instanceof SettingsFrame s && s.ack()) {
                    acks++;
                } else if (frame instanceof HeadersFrame h && seen.add(h.streamId())) {
                    if (acks > 0 && verdict == null) {
                        verdict = Verdict.pass(expected, "after " + acks + " of " + sizes.length + " ACKs its block "
                                + "on stream " + h.streamId() + " starts with " + sizeUpdates(h.fragment()));
                    }
                    unanswered.add(h.streamId());
                }
                if (acks >= sizes.length && !answer(peer, unanswered)) {
                    closed = true;
                    break;
                }
            }
            stage.outcomes();
            if (verdict != null) {
                return verdict;
            }
            if (closed) {
                return Verdict.skip("the client closed the connection before a block followed its ACK (a client may "
                        + "move its requests to another connection)");
            }
            if (acks == 0 && peer.isClosed()) {
                return Verdict.skip(HpackScript.CLOSED + " before it acknowledged the SETTINGS");
            }
            return Verdict.skip(acks == 0 ? "the client never acknowledged the SETTINGS (RFC 9113 §6.5.3)"
                    : "the client sent no field block after it acknowledged the SETTINGS (" + seen.size()
                    + " requests, all before its ACK), so the rule was not exercised");
        }
    }

    /** Answers and forgets {@code streams}; false when the client had closed the connection already. */
    private static boolean answer(ScriptedPeer peer, List<Integer> streams) {
        try {
            for (int stream : streams) {
                HpackScript.respond(peer, stream, bytes(ok()));
            }
            streams.clear();
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The size updates a block starts with, in words. */
    private static String sizeUpdates(byte[] block) {
        StringBuilder words = new StringBuilder();
        int at = 0;
        while (at < block.length && (block[at] & 0xE0) == 0x20) {
            long value = block[at] & 0x1F;
            at++;
            if (value == 0x1F) {
                int shift = 0;
                long rest = 0;
                while (at < block.length) {
                    int b = block[at++] & 0xFF;
                    rest |= (long) (b & 0x7F) << shift;
                    shift += 7;
                    if ((b & 0x80) == 0) {
                        break;
                    }
                }
                value += rest;
            }
            words.append(words.length() == 0 ? "a size update to " : ", then to ").append(value);
        }
        return words.length() == 0 ? "no size update (none needed by the decoder)" : words.toString();
    }
}
