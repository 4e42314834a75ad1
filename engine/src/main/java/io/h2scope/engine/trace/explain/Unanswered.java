package io.h2scope.engine.trace.explain;

import io.h2scope.engine.trace.model.Side;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The SETTINGS and PINGs of one connection that wait for their ACK (RFC 9113 §6.5.3, §6.7), each side's, and which
 * waited too long: answered late, or not before the connection or the recording ended. At most {@code kept} of each
 * wait per side (a flood of PINGs is the flood limit's business, not this one's).
 */
final class Unanswered {

    /** What waited for an answer. */
    enum Asked {
        SETTINGS, PING
    }

    /**
     * A question answered late or never.
     *
     * @param asker      who asked (sent the SETTINGS or the PING)
     * @param sentAt     when it was asked
     * @param answeredAt when the ACK came, or -1 for never
     * @param opaque     the PING's payload (0 for SETTINGS)
     */
    record Late(Asked asked, Side asker, long sentAt, long answeredAt, long opaque) {
        boolean never() {
            return answeredAt < 0;
        }
    }

    private record Question(long sentAt, long opaque) {
    }

    private final long answerNanos;
    private final int kept;
    private final Map<Side, Deque<Question>> settings = new EnumMap<>(Side.class);
    private final Map<Side, Deque<Question>> pings = new EnumMap<>(Side.class);

    Unanswered(long answerNanos, int kept) {
        this.answerNanos = answerNanos;
        this.kept = kept;
        for (Side side : Side.values()) {
            settings.put(side, new ArrayDeque<>());
            pings.put(side, new ArrayDeque<>());
        }
    }

    void settingsSent(Side asker, long now) {
        ask(settings.get(asker), new Question(now, 0));
    }

    /** The oldest SETTINGS of {@code asker} was ACKed (§6.5.3 ACKs them in order): it, if it waited too long. */
    Late settingsAcked(Side asker, long now) {
        Question q = settings.get(asker).pollFirst();
        return q == null ? null : late(Asked.SETTINGS, asker, q, now);
    }

    void pingSent(Side asker, long opaque, long now) {
        ask(pings.get(asker), new Question(now, opaque));
    }

    /** An ACK of {@code asker}'s PING with {@code opaque}: the PING, if it waited too long. */
    Late pingAcked(Side asker, long opaque, long now) {
        for (Iterator<Question> it = pings.get(asker).iterator(); it.hasNext(); ) {
            Question q = it.next();
            if (q.opaque() == opaque) {
                it.remove();
                return late(Asked.PING, asker, q, now);
            }
        }
        return null;
    }

    /** The connection or the recording ended: every question still open that waited too long, oldest first. */
    List<Late> end(long now) {
        List<Late> never = new ArrayList<>();
        for (Side side : Side.values()) {
            drain(Asked.SETTINGS, side, settings.get(side), now, never);
            drain(Asked.PING, side, pings.get(side), now, never);
        }
        never.sort((a, b) -> Long.compare(a.sentAt(), b.sentAt()));
        return never;
    }

    private void drain(Asked asked, Side side, Deque<Question> open, long now, List<Late> never) {
        for (Question q : open) {
            if (now - q.sentAt() >= answerNanos) {
                never.add(new Late(asked, side, q.sentAt(), -1, q.opaque()));
            }
        }
        open.clear();
    }

    private void ask(Deque<Question> open, Question q) {
        if (open.size() < kept) {
            open.addLast(q);
        }
    }

    private Late late(Asked asked, Side asker, Question q, long now) {
        return now - q.sentAt() >= answerNanos ? new Late(asked, asker, q.sentAt(), now, q.opaque()) : null;
    }
}
