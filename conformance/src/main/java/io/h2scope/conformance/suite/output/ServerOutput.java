package io.h2scope.conformance.suite.output;

import io.h2scope.conformance.peer.OutputViolation;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.peer.ServerOutputMonitor;
import io.h2scope.conformance.spec.CaseBody;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * The target's own output: every frame and field block it sends, in every case of a run, is checked
 * by {@link ServerOutputMonitor} against the rules a client holds a server to. Each case here runs an
 * exchange that makes the target produce what its rule is about, and FAILs when the rule broke there
 * or anywhere else in the run (the runner folds the other cases' findings in, naming the case).
 */
public final class ServerOutput {

    private static final String FIELD_NAMES = "A field name MUST NOT contain characters in the ranges 0x00-0x20, 0x41-0x5a, or 0x7f-0xff (all ranges inclusive).";
    private static final String CONNECTION_SPECIFIC = "An endpoint MUST NOT generate an HTTP/2 message containing connection-specific header fields.";
    private static final String PSEUDO = "Pseudo-header fields defined for requests MUST NOT appear in responses; pseudo-header fields defined for responses MUST NOT appear in requests. Pseudo-header fields MUST NOT appear in a trailer section.";
    private static final String HALF_CLOSED_LOCAL = "A stream that is in the \"half-closed (local)\" state cannot be used for sending frames other than WINDOW_UPDATE, PRIORITY, and RST_STREAM.";
    private static final String CLOSED = "An endpoint MUST NOT send frames other than PRIORITY on a closed stream.";
    private static final String LAST_STREAM = "The last stream identifier in the GOAWAY frame contains the highest-numbered stream identifier for which the sender of the GOAWAY frame might have taken some action on or might yet take action on.";
    private static final String FRAME_SIZE = "The size of a frame payload is limited by the maximum size that a receiver advertises in the SETTINGS_MAX_FRAME_SIZE setting.";
    private static final String FRAME_RULES = "An endpoint MUST send an error code of FRAME_SIZE_ERROR if a frame exceeds the size defined in SETTINGS_MAX_FRAME_SIZE, exceeds any limit defined for the frame type, or is too small to contain mandatory frame data.";

    /** The connection window a peer has before any WINDOW_UPDATE of ours (RFC 9113 §6.9.2). */
    private static final int DEFAULT_WINDOW = 65_535;

    private ServerOutput() {
    }

    /** One section per RFC section judged ({@code output/8.2.1}, ...), in the order they run. */
    public static List<Section> sections() {
        Map<String, List<CaseDef>> bySection = new LinkedHashMap<>();
        for (CaseDef c : cases()) {
            String id = c.id().value();
            bySection.computeIfAbsent(id.substring(0, id.lastIndexOf('/')), k -> new ArrayList<>()).add(c);
        }
        List<Section> sections = new ArrayList<>();
        bySection.forEach((id, cases) -> sections.add(new OutputSection(id, "The server's own output: RFC 9113 \u00a7"
                + id.substring("output/".length()), List.copyOf(cases))));
        return List.copyOf(sections);
    }

    /** A group of output cases; {@link Section} by its parts. */
    private record OutputSection(String id, String title, List<CaseDef> cases) implements Section {
    }

    private static List<CaseDef> cases() {
        return List.of(
                judged(ServerOutputMonitor.FIELD_NAMES, "8.2.1", "8.2.1", FIELD_NAMES,
                        "a GET; checks every field name and value of every response of the run",
                        "no field name with uppercase letters, SP or controls; no value with CR, LF or NUL",
                        ServerOutput::get),
                judged(ServerOutputMonitor.CONNECTION_SPECIFIC, "8.1.2.2", "8.2.2", CONNECTION_SPECIFIC,
                        "a GET; checks every response of the run for Connection, Keep-Alive, Proxy-Connection, "
                                + "Transfer-Encoding and Upgrade",
                        "no connection-specific field in any response", ServerOutput::get),
                judged(ServerOutputMonitor.RESPONSE_PSEUDO_HEADERS, "8.1.2.1", "8.3", PSEUDO,
                        "a GET; checks the pseudo-header fields and the framing of every response of the run",
                        "exactly one :status, before the regular fields; no request pseudo-header; trailers without "
                                + "pseudo-headers and with END_STREAM", ServerOutput::get),
                judged(ServerOutputMonitor.AFTER_END_STREAM, "5.1", "5.1", HALF_CLOSED_LOCAL,
                        "a GET, then a PING after the response ended; checks every stream of the run",
                        "nothing but WINDOW_UPDATE, PRIORITY or RST_STREAM on a stream after the target's END_STREAM",
                        ServerOutput::get),
                judged(ServerOutputMonitor.AFTER_RESET, "5.1", "5.1", CLOSED,
                        "a GET with an uppercase field name (a malformed request the target resets), then a PING; "
                                + "checks every stream of the run",
                        "nothing but PRIORITY on a stream after the target's RST_STREAM", ServerOutput::afterReset),
                CaseDef.define(ServerOutputMonitor.GOAWAY_LAST_STREAM).rfc("6.8", "6.8").quote(LAST_STREAM)
                        .sends("a GET on stream 1, then a WINDOW_UPDATE with increment 0 on the connection (a connection error)")
                        .accepts("the target's GOAWAY names a last stream of at least 1 (it answered stream 1), and no later "
                                + "GOAWAY raises it").errorCase()
                        .run(p -> judge(p, ServerOutputMonitor.GOAWAY_LAST_STREAM, ServerOutput.goAway(p))),
                judged(ServerOutputMonitor.FRAME_SIZE, "4.2", "4.2", FRAME_SIZE,
                        "a GET for a body larger than 16,384 octets; checks every frame of the run against our "
                                + "SETTINGS_MAX_FRAME_SIZE (16,384)",
                        "no frame longer than 16,384 octets", ServerOutput::largeBody),
                judged(ServerOutputMonitor.FRAME_RULES, "4.1", "4.1", FRAME_RULES,
                        "a GET; checks every frame of the run against the frame rules of RFC 9113 §4 and §6",
                        "every frame well formed (lengths, stream ids, padding, field blocks that decode)", ServerOutput::get));
    }

    /** The exchange that makes the target produce what a rule is about: empty when it did, else the verdict. */
    @FunctionalInterface
    private interface Exchange {
        Optional<Verdict> run(Peer p) throws Exception;
    }

    private static CaseDef judged(String id, String rfc7540, String rfc9113, String quote, String sends, String accepts,
            Exchange exchange) {
        CaseBody body = p -> judge(p, id, exchange.run(p));
        return CaseDef.define(id).rfc(rfc7540, rfc9113).quote(quote).sends(sends).accepts(accepts).run(body);
    }

    /** FAIL when the rule broke on this connection; otherwise the exchange's verdict, or PASS. */
    private static Verdict judge(Peer p, String rule, Optional<Verdict> exchange) {
        String expected = "the target's frames keep the rule (" + rule + ")";
        List<String> broken = new ArrayList<>();
        for (OutputViolation v : p.outputViolations()) {
            if (v.rule().equals(rule)) {
                broken.add(v.describe());
            }
        }
        if (!broken.isEmpty()) {
            return Verdict.fail(expected, String.join("; ", broken));
        }
        return exchange.orElse(Verdict.pass(expected, "kept in this case; the other cases of the run are folded in"));
    }

    private static Optional<Verdict> get(Peer p) throws Exception {
        p.handshake();
        Script.get(p, 1);
        Optional<Verdict> ended = Script.awaitStreamEnd(p, 1);
        if (ended.isPresent()) {
            return ended;
        }
        return afterBarrier(p);
    }

    private static Optional<Verdict> largeBody(Peer p) throws Exception {
        p.handshake();
        p.sendHeaders(1, p.requestHeaders(p.target().largePath()), true);
        int received = 0;
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof DataFrame d && d.streamId() == 1) {
                received += d.payloadLength();
                if (d.endStream() || received >= DEFAULT_WINDOW) {
                    return afterBarrier(p);
                }
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame().streamId() == 1
                    && (f.frame() instanceof RstStreamFrame || f.frame() instanceof HeadersFrame h && h.endStream())) {
                return afterBarrier(p);
            } else if (event instanceof PeerEvent.PeerViolation) {
                return Optional.empty(); // judged from the violation
            } else if (!(event instanceof PeerEvent.FrameReceived)) {
                return Optional.of(Verdict.inconclusive("the body of " + p.target().largePath(), "the response did not arrive: "
                        + event.describe()));
            }
        }
    }

    private static Optional<Verdict> afterReset(Peer p) throws Exception {
        p.handshake();
        List<HeaderField> fields = new ArrayList<>(p.requestHeaders(p.target().path()));
        fields.add(new HeaderField("X-Uppercase", "1")); // RFC9113 §8.2.1: malformed, a stream error the target resets
        p.sendHeaders(1, fields, true);
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == 1) {
                return afterBarrier(p);
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame) {
                return Optional.of(Verdict.skip("the target answered the malformed request with GOAWAY, not RST_STREAM: "
                        + "no stream it reset to watch here (the other cases of the run are folded in)"));
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame().streamId() == 1 && endsStream(f)) {
                return Optional.of(Verdict.skip("the target answered the malformed request without resetting the stream: "
                        + "no stream it reset to watch here (the other cases of the run are folded in)"));
            }
            if (!(event instanceof PeerEvent.FrameReceived)) {
                return Optional.of(Verdict.inconclusive("a RST_STREAM on stream 1", event.describe()));
            }
        }
    }

    private static Optional<Verdict> goAway(Peer p) throws Exception {
        p.handshake();
        Script.get(p, 1);
        Optional<Verdict> ended = Script.awaitStreamEnd(p, 1);
        if (ended.isPresent()) {
            return ended;
        }
        p.send(WindowUpdateFrame.of(0, 0));
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame) {
                return afterBarrier(p);
            }
            if (!(event instanceof PeerEvent.FrameReceived)) {
                return Optional.of(Verdict.skip("no GOAWAY from the target to check (" + event.describe()
                        + "); the other cases of the run are folded in"));
            }
        }
    }

    /** Reads what the target still sends up to the ACK of a PING sent now: frames after the end show there. */
    private static Optional<Verdict> afterBarrier(Peer p) {
        if (p.isClosed()) {
            return Optional.empty();
        }
        long payload = p.sendProbePing();
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame ping && ping.ack()
                    && ping.opaqueData() == payload) {
                return Optional.empty();
            }
            if (!(event instanceof PeerEvent.FrameReceived) && !(event instanceof PeerEvent.PeerViolation)) {
                return Optional.empty(); // closed or silent: what came before is all there is
            }
        }
    }

    private static boolean endsStream(PeerEvent.FrameReceived f) {
        return f.frame() instanceof DataFrame d && d.endStream() || f.frame() instanceof HeadersFrame h && h.endStream();
    }
}
