package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the HPACK cases do around their hand-written field blocks: send a block as a response's header section, and
 * judge what the client made of it. The blocks are written octet by octet ({@link HpackWriter}), never with the
 * scripted peer's own encoder, whose dynamic table would no longer match the client's.
 *
 * <p>What an exec client can show is the status and the body length it delivered, so the blocks carry what they
 * test in {@code :status} and {@code content-length} where they can: a client that decodes them wrongly reports
 * another status, or fails on a body that does not match its length.
 */
final class HpackScript {

    /** Static table indices (RFC 7541 Appendix A) the cases use. */
    static final int STATUS = 8;
    static final int STATUS_200 = 8;
    static final int STATUS_404 = 13;
    static final int CONTENT_LENGTH = 28;
    private static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    private static final int SETTINGS_MAX_HEADER_LIST_SIZE = 0x6;

    /** The first dynamic table index: static table length + 1. */
    static final int DYNAMIC = 62;

    /** The size of an entry (RFC 7541 §4.1): name and value octets and 32. */
    static int entrySize(String name, String value) {
        return name.length() + value.length() + 32;
    }

    /** What the client should have delivered for a response. */
    record Expect(int status, Map<String, String> fields) {
        static Expect status(int status) {
            return new Expect(status, Map.of());
        }

        Expect with(String name, String value) {
            java.util.LinkedHashMap<String, String> all = new java.util.LinkedHashMap<>(fields);
            all.put(name, value);
            return new Expect(status, Map.copyOf(all));
        }

        String words() {
            StringBuilder words = new StringBuilder("the response delivered with status " + status + " and the "
                    + ServerPart.BODY.length + "-octet body");
            fields.forEach((name, value) -> words.append(", ").append(shown(name)).append(": ").append(shown(value)));
            return words.toString();
        }

        /** A long name or value cut for a verdict line. */
        private static String shown(String text) {
            return text.length() <= 40 ? text : text.substring(0, 20) + "... (" + text.length() + " octets)";
        }
    }

    private HpackScript() {
    }

    /**
     * The SETTINGS_HEADER_TABLE_SIZE the client announced (its decoder's limit), or the initial 4,096 when it announced
     * none; read from the frames the client sent so far.
     */
    static long clientTableSize(ScriptedPeer peer) {
        return clientSetting(peer, SETTINGS_HEADER_TABLE_SIZE, 4096);
    }

    /** The last value of setting {@code id} in the client's SETTINGS read so far, else {@code initial}. */
    private static long clientSetting(ScriptedPeer peer, int id, long initial) {
        long value = initial;
        for (Frame f : peer.received()) {
            if (f instanceof SettingsFrame s && !s.ack()) {
                for (RawSetting r : s.settings()) {
                    if (r.id() == id) {
                        value = r.value();
                    }
                }
            }
        }
        return value;
    }

    /**
     * Why the client's SETTINGS keep {@code delivered} from testing HPACK alone, or null: a table smaller than the
     * 4,096 octets the blocks are written for (they would lack the size update it needs), or a header list limit the
     * blocks' fields exceed (RFC 9113 §10.5.1 lets the client refuse them for that).
     */
    static String unfit(ScriptedPeer peer, byte[]... delivered) {
        long table = clientTableSize(peer);
        if (table < 4096) {
            return "the client's SETTINGS_HEADER_TABLE_SIZE " + table + " is below the 4,096 these blocks are "
                    + "written for";
        }
        long listLimit = clientSetting(peer, SETTINGS_MAX_HEADER_LIST_SIZE, Long.MAX_VALUE);
        HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 20);
        for (byte[] block : delivered) {
            long size = 0;
            for (HeaderField f : decoder.decode(block)) {
                size += entrySize(f.name(), f.value());
            }
            if (size > listLimit) {
                return "the client's SETTINGS_MAX_HEADER_LIST_SIZE " + listLimit + " is below this response's "
                        + size + " octets of fields";
            }
        }
        return null;
    }

    /** A new block to write representations into. */
    static HpackWriter block() {
        return new HpackWriter(new HpackOutput());
    }

    static byte[] bytes(HpackWriter w) {
        return w.output().toByteArray();
    }

    /** {@code :status: 200} and {@code content-length: 5}, the table untouched: the start of most blocks. */
    static HpackWriter ok() {
        return ok(block());
    }

    /** {@link #ok()} appended to what {@code w} holds (a size update, say). */
    static HpackWriter ok(HpackWriter w) {
        return length(w.encodeIndexed(STATUS_200));
    }

    /** {@code content-length: 5} appended as a literal without indexing (static name). */
    static HpackWriter length(HpackWriter w) {
        return w.encodeLiteral(CONTENT_LENGTH, lengthValue(), Representation.LITERAL_NOT_INDEXED, false);
    }

    /** {@code name: value} appended as a literal with incremental indexing, then again as index 62 (the entry it made). */
    static HpackWriter indexedThenReferred(HpackWriter w, String name, String value) {
        return w.encodeLiteral(name, value, Representation.LITERAL_INDEXED, false).encodeIndexed(DYNAMIC);
    }

    /** The body's length as a content-length value. */
    static String lengthValue() {
        return Integer.toString(ServerPart.BODY.length);
    }

    /** {@code block} as one HEADERS frame (END_HEADERS), then the body with END_STREAM. */
    static void respond(ScriptedPeer peer, int stream, byte[] block) throws IOException {
        peer.send(HeadersFrame.of(stream, block, false, true));
        peer.send(DataFrame.of(stream, ServerPart.BODY, true));
    }

    /** What a case does once the client's one request came on {@code stream}: its answer and its verdict. */
    @FunctionalInterface
    interface Answer {
        Verdict answer(ScriptedPeer peer, int stream) throws Exception;
    }

    /**
     * One request, the server's SETTINGS, and the case's {@code answer} on the request's stream; SKIP when the client's
     * SETTINGS keep {@code delivered} from testing HPACK alone ({@link #unfit}).
     */
    static Verdict oneRequest(ClientStage stage, String expected, Answer answer, byte[]... delivered) throws Exception {
        stage.start("/");
        try (ScriptedPeer peer = stage.accept()) {
            if (!settingsSent(peer)) {
                return Verdict.skip(CLOSED + " before the server's SETTINGS");
            }
            int stream = ServerPart.request(peer);
            if (stream < 0) {
                return Verdict.inconclusive(expected, "the connection ended before the request");
            }
            String unfit = unfit(peer, delivered);
            return unfit != null ? Verdict.skip(unfit) : answer.answer(peer, stream);
        }
    }

    /** One request answered with {@code block}, which the client must decode and deliver. */
    static Verdict delivers(ClientStage stage, byte[] block, Expect expect) throws Exception {
        return oneRequest(stage, expect.words(), (peer, stream) -> {
            respond(peer, stream, block);
            return judgeDelivered(stage.outcomes().get(0), expect);
        }, block);
    }

    /** One request answered with {@code block}, which the client must refuse with a COMPRESSION_ERROR. */
    static Verdict rejects(ClientStage stage, byte[] block) throws Exception {
        return rejects(stage, peer -> block);
    }

    /** As {@link #rejects(ClientStage, byte[])}, with a block made once the client's SETTINGS and request are read. */
    static Verdict rejects(ClientStage stage, Function<ScriptedPeer, byte[]> blockFor) throws Exception {
        return oneRequest(stage, "GOAWAY COMPRESSION_ERROR", (peer, stream) -> {
            respond(peer, stream, blockFor.apply(peer));
            return ClientJudge.enforces(stage, peer, stream, ClientJudge.Scope.CONNECTION, ErrorCode.COMPRESSION_ERROR);
        });
    }

    /**
     * Two requests on one connection: the first to come is answered with {@code first}, then the other with
     * {@code second}, in that order on the connection, so the second block is decoded with the table the first one
     * left. The client must deliver both.
     */
    static Verdict deliversBoth(ClientStage stage, byte[] first, Expect firstExpect, byte[] second, Expect secondExpect)
            throws Exception {
        stage.start("/first", "/second");
        try (ScriptedPeer peer = stage.accept()) {
            if (!settingsSent(peer)) {
                return Verdict.skip(CLOSED + " before the server's SETTINGS");
            }
            Pair pair = pair(peer, first, first, second);
            if (pair.verdict != null) {
                return pair.verdict;
            }
            if (!sent(peer, pair.second, second)) {
                return closedAfterFirst(stage, pair, firstExpect);
            }
            List<ClientOutcome> outcomes = stage.outcomes();
            Verdict one = judgeDelivered(outcomes.get(pair.firstRequest), firstExpect);
            if (one.outcome() != io.h2scope.conformance.verdict.Outcome.PASS) {
                return Verdict.fail("both responses delivered", "the first (" + pathOf(pair.firstRequest) + "): "
                        + one.reason());
            }
            Verdict two = judgeDelivered(outcomes.get(1 - pair.firstRequest), secondExpect);
            return two.outcome() == io.h2scope.conformance.verdict.Outcome.PASS
                    ? Verdict.pass("both responses delivered", "both delivered: " + outcomes)
                    : two;
        }
    }

    /**
     * Two requests on one connection: the first to come is answered with {@code first} (valid), the other with
     * {@code second}, which only the table the first block left makes an error. The client must refuse the second
     * with a COMPRESSION_ERROR.
     */
    static Verdict rejectsSecond(ClientStage stage, byte[] first, byte[] second) throws Exception {
        stage.start("/first", "/second");
        try (ScriptedPeer peer = stage.accept()) {
            if (!settingsSent(peer)) {
                return Verdict.skip(CLOSED + " before the server's SETTINGS");
            }
            Pair pair = pair(peer, first, first);
            if (pair.verdict != null) {
                return pair.verdict;
            }
            if (!sent(peer, pair.second, second)) {
                return closedAfterFirst(stage, pair, Expect.status(200));
            }
            return ClientJudge.enforces(stage, peer, pair.second, ClientJudge.Scope.CONNECTION,
                    ErrorCode.COMPRESSION_ERROR, 1 - pair.firstRequest);
        }
    }

    /** {@link ServerPart#settings}; false when the client had closed the connection already (a spare one). */
    static boolean settingsSent(ScriptedPeer peer) {
        try {
            ServerPart.settings(peer);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** {@link #respond}; false when the client had closed the connection already. */
    private static boolean sent(ScriptedPeer peer, int stream, byte[] block) {
        try {
            respond(peer, stream, block);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The verdict when the client closed the connection before the second block could be sent: FAIL when it had
     * refused the valid first block, else SKIP (it went on with another connection, whose table this one is not).
     */
    private static Verdict closedAfterFirst(ClientStage stage, Pair pair, Expect firstExpect) throws InterruptedException {
        Verdict first = judgeDelivered(stage.outcomes().get(pair.firstRequest), firstExpect);
        if (first.outcome() == io.h2scope.conformance.verdict.Outcome.FAIL) {
            return Verdict.fail(firstExpect.words(), "the first response (" + pathOf(pair.firstRequest) + "): "
                    + first.reason());
        }
        return Verdict.skip(CLOSED + " after the first response, before the second block could be sent");
    }

    static final String CLOSED = "the client closed the connection (a client may move its requests to another "
            + "connection, whose table is not this one's)";

    /** The two requests' streams, the first answered with {@code first}; or the verdict when the second never came. */
    private record Pair(int second, int firstRequest, Verdict verdict) {
    }

    private static Pair pair(ScriptedPeer peer, byte[] first, byte[]... delivered) throws IOException {
        List<Integer> seen = new ArrayList<>();
        Frame a = nextRequest(peer, seen);
        if (a == null) {
            return new Pair(-1, 0, Verdict.skip(CLOSED + " before its first request"));
        }
        String unfit = unfit(peer, delivered);
        if (unfit != null) {
            return new Pair(-1, 0, Verdict.skip(unfit));
        }
        seen.add(a.streamId());
        int firstRequest = requestIndex(peer, a);
        if (!sent(peer, a.streamId(), first)) {
            return new Pair(-1, firstRequest, Verdict.skip(CLOSED + " before the first block could be sent"));
        }
        Frame b = nextRequest(peer, seen);
        if (b == null) {
            return new Pair(-1, firstRequest, Verdict.skip("the client did not make its second request on the "
                    + "connection of the first, so no block was decoded with the table the first left"));
        }
        return new Pair(b.streamId(), firstRequest, null);
    }

    /** A HEADERS on a stream not in {@code seen}: one already read, or the next to come; null if the connection ended. */
    private static Frame nextRequest(ScriptedPeer peer, List<Integer> seen) throws IOException {
        for (Frame f : peer.received()) {
            if (f instanceof HeadersFrame && !seen.contains(f.streamId())) {
                return f;
            }
        }
        return peer.await(f -> f instanceof HeadersFrame && !seen.contains(f.streamId()));
    }

    /** 0 for the request to /first, 1 for /second, by the request's {@code :path}. */
    private static int requestIndex(ScriptedPeer peer, Frame headers) {
        List<HeaderField> fields = peer.fields(headers);
        if (fields != null) {
            for (HeaderField f : fields) {
                if (f.name().equals(":path")) {
                    return f.value().startsWith("/second") ? 1 : 0;
                }
            }
        }
        return 0;
    }

    private static String pathOf(int request) {
        return request == 0 ? "/first" : "/second";
    }

    /** PASS when the client delivered the response with the status and body length expected (where it says them). */
    static Verdict judgeDelivered(ClientOutcome outcome, Expect expect) {
        String expected = expect.words();
        switch (outcome.kind()) {
            case NOT_STARTED:
                return Verdict.inconclusive(expected, "the client did not start: " + outcome.detail());
            case FAILED:
                return Verdict.fail(expected, "the client reported the valid response as failed: " + outcome);
            case TIMED_OUT:
                return Verdict.fail(expected, "the client left the request hanging: " + outcome);
            default:
                break;
        }
        if (outcome.status() >= 0 && outcome.status() != expect.status()) {
            return Verdict.fail(expected, "delivered status " + outcome.status() + " (decoded wrongly): " + outcome);
        }
        if (outcome.bodyOctets() >= 0 && outcome.bodyOctets() != ServerPart.BODY.length) {
            return Verdict.fail(expected, "delivered " + outcome.bodyOctets() + " body octets: " + outcome);
        }
        for (Map.Entry<String, String> e : expect.fields().entrySet()) {
            List<String> values = outcome.headers().get(e.getKey());
            if (!outcome.headers().isEmpty() && (values == null || !values.contains(e.getValue()))) {
                return Verdict.fail(expected, "delivered " + e.getKey() + " " + (values == null ? "absent"
                        : values.size() + " values, none the one sent") + " (decoded wrongly): " + outcome);
            }
        }
        return Verdict.pass(expected, outcome.toString());
    }
}
