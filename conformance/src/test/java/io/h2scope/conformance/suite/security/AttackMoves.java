package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.conformance.suite.hpack.BrokenBlocks;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Every attack class of ../shared/H2-ATTACKS.md as a move an attacker repeats: the suite's own cases where one
 * exists (run through {@link SuiteRunner#runOne}, liveness probe included), and three made of the suite's parts
 * for what no case floods: MadeYouReset (SEC-15) sent with {@link Flood}, a request body dribbled one octet a
 * second (issue 17's slow body), and connections held open sending nothing. Each move returns a verdict: FAIL
 * means the server did not defend itself.
 */
final class AttackMoves {

    /** One attack, repeatable; {@link #run} opens its own connections and closes them. */
    interface Move {
        String name();

        Verdict run() throws Exception;
    }

    /**
     * Cases of other sections that are attack primitives: the stream errors MadeYouReset uses (SEC-15), request
     * smuggling through malformed messages (SEC-18 to 20), self-dependent PRIORITY (SEC-06), streams beyond the
     * advertised limit before the SETTINGS ACK (SEC-16), empty field names (SEC-09).
     */
    static final Set<String> PRIMITIVE_CASES = Set.of(
            "http2/6.9/zero-increment-stream", "http2/6.9.1/stream-window-overflow", "http2/6.3/length-not-5",
            "http2/5.1/closed-data", "http2/5.1.1/headers-on-half-closed-remote",
            "http2/8.1.2.6/data-beyond-content-length", "http2/8.1.2.6/content-length-above-sum-of-data",
            "http2/8.1.2.2/connection-header", "http2/8.1.2.2/te-other-than-trailers",
            "rfc9113/8.2.1/non-token-character-in-name", "http2/8.1.2.1/pseudo-header-after-regular-field",
            "http2/5.3.1/priority-depends-on-itself", "http2/5.1.2/exceed-max-concurrent-streams",
            "http2/8.1.2/uppercase-field-name");

    private static final Duration SLOW_BODY_BOUND = Duration.ofSeconds(40);
    private static final Duration HELD_BOUND = Duration.ofSeconds(30);
    private static final int HELD_CONNECTIONS = 100;

    private AttackMoves() {
    }

    /** Every move against {@code target}; {@code config} runs the cases (strict, so the SHOULD-level floods run). */
    static List<Move> all(Target target, RunConfig config) {
        SuiteRunner runner = new SuiteRunner(config);
        List<Move> moves = new ArrayList<>();
        for (Section section : Suites.all()) {
            for (CaseDef c : section.cases()) {
                String id = c.id().value();
                // a case that must run alone (connection-count fills the per-address cap of 1,000) would refuse every
                // other attacker's liveness probe from the same address; held-connections holds 100 at a time instead
                if ((id.startsWith("security/") || PRIMITIVE_CASES.contains(id)) && !c.alone()) {
                    moves.add(caseMove(runner, section, c));
                }
            }
        }
        moves.add(named("made-you-reset-flood", () -> madeYouReset(Peer.connect(target, config.peer()))));
        moves.add(named("slow-request-body", () -> slowBody(Peer.connect(target, config.peer()))));
        moves.add(named("held-connections", () -> heldConnections(target, config)));
        return moves;
    }

    private static Move caseMove(SuiteRunner runner, Section section, CaseDef c) {
        return named(c.id().value(), () -> {
            CaseResult r = runner.runOne(new SuiteRunner.Planned(section, c, 1));
            return r.verdict();
        });
    }

    private interface Body {
        Verdict run() throws Exception;
    }

    private static Move named(String name, Body body) {
        return new Move() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Verdict run() throws Exception {
                return body.run();
            }
        };
    }

    /** GET with END_STREAM, then WINDOW_UPDATE 0 on it (a stream error the server resets, RFC 9113 §6.9), repeated. */
    private static Verdict madeYouReset(Peer p) throws Exception {
        try (p) {
            p.handshake();
            HpackOutput out = new HpackOutput();
            BrokenBlocks.head(p, new HpackWriter(out));
            byte[] block = out.toByteArray();
            Flood.Result r = Flood.send(p, "HEADERS+WINDOW_UPDATE(0)", Flood.MAX_FRAMES, i -> {
                int stream = 2 * (i / 2) + 1;
                return i % 2 == 0 ? FrameWriter.encode(HeadersFrame.of(stream, block, true, true))
                        : zeroWindowUpdate(stream);
            }, true);
            return Flood.judge(p, r, Security.ENDED, "it reset " + r.resets() + " streams for the peer's errors without limit");
        }
    }

    /** A WINDOW_UPDATE with increment 0, which the frame classes rightly refuse to build. */
    private static byte[] zeroWindowUpdate(int stream) {
        return ByteBuffer.allocate(13).put((byte) 0).putShort((short) 4).put((byte) 0x8).put((byte) 0)
                .putInt(stream).putInt(0).array();
    }

    /**
     * A POST to /echo (which reads the whole body before it answers) whose body comes one octet a second: the
     * server must end it (408 or a reset) within the bound.
     */
    private static Verdict slowBody(Peer p) throws Exception {
        String expected = "408 or RST_STREAM within " + SLOW_BODY_BOUND.toSeconds() + " s";
        try (p) {
            p.handshake();
            p.sendHeaders(1, p.requestHeaders("POST", "/echo"), false);
            long start = System.nanoTime();
            while (System.nanoTime() - start < SLOW_BODY_BOUND.toNanos()) {
                Script.data(p, 1, "x", false);
                long next = System.nanoTime() + 1_000_000_000L;
                while (System.nanoTime() < next) {
                    PeerEvent e = p.nextEvent(Duration.ofNanos(Math.max(1, next - System.nanoTime())));
                    long s = (System.nanoTime() - start) / 1_000_000_000L;
                    if (e instanceof PeerEvent.FrameReceived f && (f.frame() instanceof RstStreamFrame
                            || f.status().isPresent())) {
                        return Verdict.pass(expected, "after " + s + " s: " + f.describe());
                    }
                    if (e instanceof PeerEvent.ConnectionClosed c) {
                        return Verdict.pass(expected, "closed after " + s + " s (" + c.how() + ")");
                    }
                }
            }
            return Verdict.fail(expected, "the body was still being taken after " + SLOW_BODY_BOUND.toSeconds() + " s");
        }
    }

    /** Connections that send nothing at all: each must be closed by the server's handshake timeout. */
    private static Verdict heldConnections(Target target, RunConfig config) throws Exception {
        String expected = HELD_CONNECTIONS + " silent connections closed within " + HELD_BOUND.toSeconds() + " s";
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < HELD_CONNECTIONS; i++) {
                held.add(Peer.openSocket(target, config.peer()));
            }
            long deadline = System.nanoTime() + HELD_BOUND.toNanos();
            int open = 0;
            for (Socket s : held) {
                if (!closedBy(s, deadline)) {
                    open++;
                }
            }
            return open == 0 ? Verdict.pass(expected, "all closed") : Verdict.fail(expected, open + " still open");
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    private static boolean closedBy(Socket s, long deadline) throws IOException {
        InputStream in = s.getInputStream();
        byte[] buffer = new byte[512];
        while (System.nanoTime() < deadline) {
            s.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            try {
                if (in.read(buffer) < 0) {
                    return true;
                }
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException reset) {
                return true;
            }
        }
        return false;
    }

    /** A verdict that says the server did not defend itself. */
    static boolean undefended(Verdict v) {
        return v.outcome() == Outcome.FAIL;
    }
}
