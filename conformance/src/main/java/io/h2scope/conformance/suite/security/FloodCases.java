package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.suite.hpack.BrokenBlocks;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.settings.SettingId;
import java.util.Optional;

/** The bodies of the flood cases: what each sends, and how it grades what bounds the damage. */
final class FloodCases {

    /** RFC 7541 §2.3.3: the first dynamic-table index; its indexed form is the single octet 0xbe. */
    private static final int FIRST_DYNAMIC = 62;
    private static final int BOMB_REFERENCES = 16_000;
    private static final int BOMBS = 5;
    private static final int SIZE_UPDATE_PAIRS = 4_000;
    private static final int STALLED_STREAMS = 1_000;

    private FloodCases() {
    }

    static Verdict rapidReset(Peer p) throws Exception {
        p.handshake();
        byte[] block = rawGet(p);
        Flood.Result r = Flood.send(p, "HEADERS+RST_STREAM", Flood.MAX_FRAMES, i -> {
            int stream = 2 * (i / 2) + 1;
            return FrameWriter.encode(i % 2 == 0 ? HeadersFrame.of(stream, block, true, true)
                    : RstStreamFrame.of(stream, ErrorCode.CANCEL));
        }, true);
        return Flood.judge(p, r, Security.ENDED, "it started and reset " + r.frames() / 2 + " streams without limit");
    }

    static Verdict continuationFlood(Peer p) throws Exception {
        p.handshake();
        HpackOutput out = new HpackOutput();
        new HpackWriter(out).encodeLiteral("x-flood", "a".repeat(1000), Representation.LITERAL_NOT_INDEXED, false);
        byte[] fragment = out.toByteArray();
        return continuations(p, "CONTINUATION (1 KB)", fragment);
    }

    static Verdict emptyContinuationFlood(Peer p) throws Exception {
        p.handshake();
        return continuations(p, "empty CONTINUATION", new byte[0]);
    }

    private static Verdict continuations(Peer p, String what, byte[] fragment) {
        byte[] head = rawGet(p);
        Flood.Result r = Flood.sendInsideFieldBlock(p, what, Flood.MAX_FRAMES, i -> FrameWriter.encode(i == 0
                ? HeadersFrame.of(1, head, true, false) : ContinuationFrame.of(1, fragment, false)), true);
        if (!r.ended() && r.resets() > 0) {
            return Verdict.lenient(Security.ENDED, r.figures() + "; it reset the stream but kept reading the never-ending block");
        }
        return Flood.judge(p, r, Security.ENDED, "it kept buffering or decoding one field block without limit");
    }

    static Verdict hpackBomb(Peer p) throws Exception {
        p.handshake();
        HpackOutput seed = new HpackOutput();
        HpackWriter w = new HpackWriter(seed);
        BrokenBlocks.head(p, w);
        w.encodeLiteral("x-bomb", "b".repeat(4000), Representation.LITERAL_INDEXED, false); // 4,038-octet entry
        HpackOutput bomb = new HpackOutput();
        HpackWriter b = new HpackWriter(bomb);
        BrokenBlocks.head(p, b);
        for (int i = 0; i < BOMB_REFERENCES; i++) {
            b.encodeIndexed(FIRST_DYNAMIC);
        }
        byte[] seedBlock = seed.toByteArray();
        byte[] bombBlock = bomb.toByteArray();
        Flood.Result r = Flood.send(p, "HEADERS (bomb)", BOMBS + 1, i -> FrameWriter.encode(
                HeadersFrame.of(2 * i + 1, i == 0 ? seedBlock : bombBlock, true, true)), true);
        return refusedOrServed(p, r, BOMBS, "it decoded and answered bombed requests of ≈ 64 MB of fields each");
    }

    static Verdict tableSizeAbuse(Peer p) throws Exception {
        p.handshake();
        HpackOutput out = new HpackOutput();
        HpackWriter w = new HpackWriter(out);
        for (int i = 0; i < SIZE_UPDATE_PAIRS; i++) {
            w.encodeSizeUpdate(0).encodeSizeUpdate(4096);
        }
        BrokenBlocks.head(p, w);
        byte[] block = out.toByteArray();
        int requests = 10;
        Flood.Result r = Flood.send(p, "HEADERS (8,000 size updates)", requests,
                i -> FrameWriter.encode(HeadersFrame.of(2 * i + 1, block, true, true)), true);
        if (r.goAway() != null && r.goAway().errorCode() == ErrorCode.COMPRESSION_ERROR.code()) {
            // RFC7541 §4.2: "The final maximum size is always signaled, resulting in at most two dynamic table size
            // updates"; a decoder that refuses more treats the block as a decoding error, and RFC9113 §4.3: "A decoding
            // error in a field block MUST be treated as a connection error (Section 5.4.1) of type COMPRESSION_ERROR"
            return Verdict.pass(Security.ENDED + " (COMPRESSION_ERROR for the non-conformant blocks)", r.figures() + "; " + r.endedBy());
        }
        return refusedOrServed(p, r, requests, "it processed " + 2 * SIZE_UPDATE_PAIRS * requests
                + " table size updates (RFC 7541 §4.2 needs at most two per block) and answered every request");
    }

    static Verdict settingsFlood(Peer p) throws Exception {
        p.handshake();
        byte[] settings = FrameWriter.encode(SettingsFrame.of());
        Flood.Result r = Flood.send(p, "SETTINGS", Flood.MAX_FRAMES, i -> settings, false);
        return Flood.judge(p, r, Security.ENDED, "it queued an ACK for every SETTINGS however many were unread");
    }

    static Verdict pingFlood(Peer p) throws Exception {
        p.handshake();
        Flood.Result r = Flood.send(p, "PING", Flood.MAX_FRAMES, i -> FrameWriter.encode(PingFrame.of(i)), false);
        return Flood.judge(p, r, Security.ENDED, "it queued a PING ACK for every PING however many were unread");
    }

    static Verdict emptyFramesFlood(Peer p) throws Exception {
        p.handshake();
        Script.openPost(p, 1);
        byte[] empty = FrameWriter.encode(DataFrame.of(1, new byte[0], false));
        Flood.Result r = Flood.send(p, "empty DATA", Flood.MAX_FRAMES, i -> empty, true);
        return Flood.judge(p, r, Security.ENDED, "it processed every empty frame without limit");
    }

    static Verdict zeroWindowStall(Peer p) throws Exception {
        p.handshake();
        Script.initialWindow(p, 0);
        Optional<Verdict> acked = Script.awaitSettingsAck(p);
        if (acked.isPresent()) {
            return acked.get();
        }
        long advertised = p.serverSetting(SettingId.MAX_CONCURRENT_STREAMS).orElse(-1);
        int streams = advertised < 0 ? STALLED_STREAMS : (int) Math.min(STALLED_STREAMS, advertised + 10);
        byte[] block = rawGet(p);
        Flood.Result r = Flood.send(p, "HEADERS (stalled GET)", streams,
                i -> FrameWriter.encode(HeadersFrame.of(2 * i + 1, block, true, true)), true);
        String limit = advertised < 0 ? "no SETTINGS_MAX_CONCURRENT_STREAMS" : "SETTINGS_MAX_CONCURRENT_STREAMS " + advertised;
        if (r.ended()) {
            return Flood.judge(p, r, Security.ENDED, "");
        }
        if (r.resets() > 0) {
            return Verdict.pass(Security.ENDED + ", or streams beyond a limit refused", r.figures()
                    + "; it refused " + r.resets() + " streams beyond its limit (" + limit + "), so at most "
                    + (streams - r.resets()) + " responses wait for window");
        }
        if (advertised < 0 || r.responses() > advertised) {
            return Verdict.fail(Security.ENDED + ", or streams beyond a limit refused", r.figures() + "; with " + limit
                    + " it accepted " + r.responses() + " requests whose responses can never be sent");
        }
        return Verdict.lenient(Security.ENDED + ", or streams beyond a limit refused", r.figures()
                + "; it held " + r.responses() + " stalled responses (within " + limit
                + ") and neither refused nor answered the rest within the case's bound");
    }

    /** For request floods: every flooded request refused (RST_STREAM or 4xx/5xx) or the connection ended passes. */
    private static Verdict refusedOrServed(Peer p, Flood.Result r, int flooded, String unbounded) {
        if (r.ended()) {
            return Flood.judge(p, r, Security.ENDED, unbounded);
        }
        String expected = Security.ENDED + ", or each abusive request refused (RST_STREAM, 431)";
        int served = r.responses() - r.refusals();
        int abusiveServed = served - (r.frames() - flooded); // the hpack seed request is not abusive
        if (r.resets() + r.refusals() >= flooded && abusiveServed <= 0) {
            return Verdict.pass(expected, r.figures() + "; it refused every abusive request (" + r.resets()
                    + " RST_STREAM, " + r.refusals() + " 4xx/5xx responses)");
        }
        return Flood.stillServing(p, r, expected, unbounded);
    }

    /** A GET head from the static table only, so no flood changes the target's dynamic table. */
    private static byte[] rawGet(Peer p) {
        HpackOutput out = new HpackOutput();
        BrokenBlocks.head(p, new HpackWriter(out));
        return out.toByteArray();
    }
}
