package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.EntryDirection;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.engine.console.ConsoleScript;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.util.ArrayList;
import java.util.List;

/**
 * A case's script for the console ({@code ./h2scope console URL --script FILE}, the inspector's Client tab): the
 * frames the case sent on its connection as console lines ({@link ConsoleScript}), waits where it was answered, the
 * rest of its evidence as comments. The preface and SETTINGS its handshake sent are the console connection's own.
 */
public final class CaseScript {

    private CaseScript() {
    }

    /** The script of {@code result}, a comment naming the case and its verdict first. */
    public static List<String> of(CaseResult result) {
        List<String> lines = new ArrayList<>();
        lines.add("# " + result.definition().id() + ": " + oneLine(result.definition().description()));
        lines.add("# verdict: " + oneLine(result.verdict().toString()));
        lines.addAll(of(result.evidence()));
        return lines;
    }

    /**
     * The script of the first connection in {@code evidence}, up to its last frame (a liveness probe's or control
     * run's connection after it is left out).
     */
    public static List<String> of(List<TraceEntry> evidence) {
        long connection = evidence.stream().filter(e -> e.event() != null).mapToLong(e -> e.event().connectionId())
                .findFirst().orElse(-1);
        int end = evidence.size();
        while (end > 0 && !isOf(evidence.get(end - 1), connection)) {
            end--;
        }
        boolean greeting = evidence.stream().anyMatch(CaseScript::isHandshakeEnd);
        ConsoleScript.Builder script = new ConsoleScript.Builder();
        for (int i = 0; i < end; i++) {
            TraceEntry entry = evidence.get(i);
            if (entry.event() == null) {
                if (isHandshakeEnd(entry)) {
                    greeting = false;
                } else if (!greeting) { // the preface the handshake sent is the console's own
                    script.note((entry.direction() == EntryDirection.OUT ? "not replayed, sent: " : "") + entry.text());
                }
            } else if (entry.event().connectionId() == connection && entry.event() instanceof FrameEvent f) {
                if (greeting && f.direction() == Direction.OUTBOUND && !(f.frame() instanceof SettingsFrame s && s.ack())) {
                    script.greeting(f);
                } else {
                    script.frame(f);
                }
            } else if (entry.event() instanceof ViolationReceived v && entry.direction() == EntryDirection.OUT
                    && isOf(entry, connection)) {
                // a frame that breaks a rule is replayed by the frame line after it, when its record could hold it
                script.note((decodedNext(evidence, i, v) ? "" : "not replayed, sent: ") + entry.text());
            }
        }
        return script.lines();
    }

    private static boolean isOf(TraceEntry entry, long connection) {
        return entry.event() != null && entry.event().connectionId() == connection;
    }

    /** True when the entry after the break at {@code at} is the same frame, decoded all the same. */
    private static boolean decodedNext(List<TraceEntry> evidence, int at, ViolationReceived v) {
        return at + 1 < evidence.size() && evidence.get(at + 1).event() instanceof FrameEvent f
                && f.direction() == Direction.OUTBOUND && f.header().typeCode() == v.header().typeCode()
                && f.streamId() == v.streamId() && f.connectionId() == v.connectionId();
    }

    private static boolean isHandshakeEnd(TraceEntry entry) {
        return entry.event() == null && entry.direction() == EntryDirection.NOTE && Peer.HANDSHAKE_COMPLETE.equals(entry.text());
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replace('\n', ' ').replace('\r', ' ');
    }
}
