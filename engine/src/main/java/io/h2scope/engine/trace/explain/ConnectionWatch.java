package io.h2scope.engine.trace.explain;

import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackRule;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.rules.KnownRules;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One connection's events, watched for what went wrong: fed them in order, it hands each {@link Finding} to the
 * sink as soon as it is sure of it (a reset when the next unlike reset or the end comes, a stall when the window
 * opens, the connection's end when it closes). It keeps the connection's state ({@link ConnectionModel}) and a
 * bounded history, never the whole recording.
 *
 * <p>Over 500 lines as one class: each finding is decided from the same connection-wide state (the model, the frame
 * history, the resets and the GOAWAY still pending) when the next event comes; the findings' own rules live beside
 * it ({@code ResetRun}, {@code WindowStalls}, {@code Unanswered}, {@code FrameHistory}).
 */
final class ConnectionWatch {

    /** How many frames before a failure an account shows (of the {@link ExplainLimits#history()} kept). */
    private static final int SHOWN = 3;

    /** An error we raised, waiting for the RST_STREAM or GOAWAY it sends, and the frame that caused it. */
    private record Raised(ErrorRaised error, FrameHistory.Seen trigger) {
    }

    /** A GOAWAY sent or received. */
    private record GoAway(FrameHistory.Seen seen, GoAwayFrame frame) {
    }

    /** Entries evicted from our decoder's table by one of the peer's field blocks (RFC 7541 §4.4). */
    private record Eviction(int count, FrameHistory.Seen by) {
    }

    private final long connectionId;
    private final Consumer<Finding> sink;
    private final ConnectionModel model;
    private final FrameHistory history;
    private final WindowStalls stalls;
    private final Unanswered unanswered;
    private final int kept;
    private Parties parties = new Parties(Finding.Viewpoint.UNKNOWN);
    private ConnectionOpened opened;
    private long now;
    /** The last frame the peer sent with no frame of ours after it: what an error raised now answers. */
    private FrameHistory.Seen lastInbound;
    /** A rule broken as last seen, until the next event says whose frame it was. */
    private FrameHistory.Seen lastViolation;
    private Raised connectionError;
    /** Stream errors raised and not yet sent; no more than the streams live at once. */
    private final Map<Integer, Raised> streamErrors = new HashMap<>();
    private GoAway lastGoAway;
    private GoAway ourGoAway;
    private int pendingEvictions;
    private Eviction lastEviction;
    private ResetRun resets;
    /** The findings told so far, one line each: what looked wrong before the connection ended. */
    private final Deque<String> earlier = new ArrayDeque<>();

    ConnectionWatch(long connectionId, ExplainLimits limits, Consumer<Finding> sink) {
        this.connectionId = connectionId;
        this.sink = sink;
        this.model = new ConnectionModel(connectionId);
        this.history = new FrameHistory(limits.history());
        this.stalls = new WindowStalls(limits.stallNanos());
        this.unanswered = new Unanswered(limits.answerNanos(), limits.history());
        this.kept = limits.history();
    }

    /** Moves on by one event of this connection. */
    void accept(TraceEvent event) {
        now = event.nanosSinceStart();
        model.apply(event);
        if (event instanceof FrameEvent f) {
            onFrame(f);
        } else if (event instanceof ViolationReceived v) {
            lastViolation = history.add(v);
            lastInbound = lastViolation;
        } else if (event instanceof ErrorRaised r) {
            onError(r);
        } else if (event instanceof StreamStateChanged s && s.to() == StreamState.CLOSED) {
            stalls.streamClosed(s.streamId(), now, "before the stream closed").forEach(this::stalled);
        } else if (event instanceof WindowChanged w) {
            WindowStalls.Stall stall = stalls.changed(w);
            if (stall != null) {
                stalled(stall);
            }
        } else if (event instanceof SettingsAnnounced a) {
            unanswered.settingsSent(a.side(), now);
        } else if (event instanceof SettingsAcknowledged a) {
            late(unanswered.settingsAcked(a.side(), now), null);
        } else if (event instanceof HpackEntriesEvicted e && e.table() == HpackContext.DECODER) {
            pendingEvictions += e.count();
        } else if (event instanceof ConnectionOpened o) {
            opened = o;
            parties = new Parties(new Finding.Viewpoint(o.role(), o.local(), o.remote(), o.pair()));
        } else if (event instanceof ConnectionClosed c) {
            onClosed(c);
        }
    }

    /** The recording ended with the connection still open: what is known to have gone wrong so far. */
    void finish() {
        flushResets();
        String how = "before the recording ended";
        stalls.end(now, how).forEach(this::stalled);
        unanswered.end(now).forEach(l -> late(l, how));
    }

    // ---------------------------------------------------------------- frames

    private void onFrame(FrameEvent f) {
        Side side = f.direction() == Direction.OUTBOUND ? Side.LOCAL : Side.REMOTE;
        FrameHistory.Seen seen = lastViolation != null && lastViolation.header().equals(f.header())
                ? history.add(f, lastViolation) // an observer's rule broken, then the frame: now we know whose
                : history.add(f);
        lastViolation = null;
        if (side == Side.REMOTE) {
            lastInbound = seen;
            if (pendingEvictions > 0 && carriesFieldBlock(f)) {
                lastEviction = new Eviction(pendingEvictions, seen);
                pendingEvictions = 0;
            }
        } else {
            lastInbound = null;
        }
        if (f.frame() instanceof PingFrame p) {
            if (p.ack()) {
                late(unanswered.pingAcked(Parties.other(side), p.opaqueData(), now), null);
            } else {
                unanswered.pingSent(side, p.opaqueData(), now);
            }
        } else if (f.frame() instanceof RstStreamFrame r) {
            onReset(seen, r);
        } else if (f.frame() instanceof GoAwayFrame g) {
            onGoAway(new GoAway(seen, g));
        }
    }

    private static boolean carriesFieldBlock(FrameEvent f) {
        int type = f.header().typeCode();
        return type == FrameType.HEADERS.code() || type == FrameType.PUSH_PROMISE.code()
                || type == FrameType.CONTINUATION.code();
    }

    private void onError(ErrorRaised r) {
        // an error raised while a received frame is handled comes at that frame's time, before any frame we send
        FrameHistory.Seen trigger = lastInbound != null && lastInbound.nanosSinceStart() == r.nanosSinceStart()
                ? lastInbound : null;
        if (r.scope() == ErrorScope.CONNECTION) {
            connectionError = new Raised(r, trigger);
        } else {
            streamErrors.put(r.streamId(), new Raised(r, trigger));
        }
    }

    // ---------------------------------------------------------------- resets

    private void onReset(FrameHistory.Seen seen, RstStreamFrame r) {
        Side by = seen.side();
        long code = r.errorCode() & 0xffffffffL;
        Raised raised = by == Side.LOCAL ? streamErrors.remove(r.streamId()) : null;
        String ruleId = raised == null ? null : raised.error().ruleId();
        ResetRun.Key key = new ResetRun.Key(by, code, ruleId);
        if (resets != null && !resets.alike(key)) {
            flushResets();
        }
        if (resets == null) {
            resets = new ResetRun(key, firstReset(seen, r, raised));
        }
        resets.add(r.streamId(), now);
    }

    private ResetRun.First firstReset(FrameHistory.Seen seen, RstStreamFrame r, Raised raised) {
        List<Finding.Step> steps = new ArrayList<>();
        for (FrameHistory.Seen before : history.onStream(r.streamId(), SHOWN, seen)) {
            steps.add(step(before));
        }
        Finding.RuleRef rule;
        String detail = null;
        if (raised != null) {
            ErrorRaised e = raised.error();
            rule = Finding.RuleRef.of(e.ruleId(), e.spec());
            detail = e.detail();
            steps.add(step(e.nanosSinceStart(), capital(parties.who(Side.LOCAL)) + " raised " + e.code() + " ("
                    + e.spec() + ") on stream " + e.streamId() + ": " + e.detail()));
        } else {
            rule = Finding.RuleRef.ofCode(r.errorCode() & 0xffffffffL);
        }
        steps.add(step(seen));
        return new ResetRun.First(seen.nanosSinceStart(), history.label(r.streamId()), detail, rule, steps);
    }

    private void flushResets() {
        ResetRun run = resets;
        if (run == null) {
            return;
        }
        resets = null;
        ResetRun.Key key = run.key();
        ResetRun.First first = run.first();
        String code = ErrorCode.nameOf(key.code());
        boolean ordinary = key.ruleId() == null && (key.code() == ErrorCode.NO_ERROR.code()
                || key.code() == ErrorCode.CANCEL.code() || key.code() == ErrorCode.REFUSED_STREAM.code());
        StringBuilder summary = new StringBuilder(capital(parties.who(key.by()))).append(" reset ");
        if (run.count() == 1) {
            summary.append("stream ").append(run.streams().get(0)).append(first.label() == null ? ""
                    : " (" + first.label() + ")");
        } else {
            summary.append(run.count()).append(" streams (").append(Words.ids(run.streams(), run.count()))
                    .append(") one after the other");
        }
        summary.append(" with RST_STREAM ").append(code);
        if (first.detail() != null) {
            summary.append(": ").append(first.detail());
        }
        if (run.count() > 1) {
            summary.append(", within ").append(Words.duration(run.nanos()));
        }
        emit(new Finding(ordinary ? Severity.NOTICE : Severity.ERROR, Finding.Kind.STREAM_RESET, connectionId,
                run.streams(), run.count(), key.by(), "RST_STREAM", code, first.rule(), summary.toString(),
                first.steps(), List.of(), parties.viewpoint(), first.nanosSinceStart(), clock(first.nanosSinceStart())));
    }

    // ---------------------------------------------------------------- GOAWAY

    private void onGoAway(GoAway g) {
        lastGoAway = g;
        Side sender = g.seen().side();
        if (sender == Side.LOCAL) {
            ourGoAway = g;
        }
        Side receiver = Parties.other(sender);
        int last = g.frame().lastStreamId();
        List<Integer> left = new ArrayList<>();
        for (int id : model.snapshot().streams().keySet()) {
            if (id > last && parties.opens(receiver, id)) {
                left.add(id);
            }
        }
        if (left.isEmpty()) {
            return;
        }
        List<Finding.Step> steps = new ArrayList<>();
        for (int id : left.subList(0, Math.min(SHOWN, left.size()))) {
            history.onStream(id, 1, g.seen()).forEach(s -> steps.add(step(s)));
        }
        steps.add(step(g.seen()));
        String name = g.frame().errorName();
        List<Integer> shown = left.subList(0, Math.min(Finding.STREAMS_SHOWN, left.size()));
        emit(new Finding(Severity.WARNING, Finding.Kind.GOAWAY_LEFT_STREAMS, connectionId, shown, left.size(), sender,
                "GOAWAY", name, Finding.RuleRef.of(SpecQuote.GOAWAY_LAST_STREAM), capital(parties.whose(sender))
                        + " GOAWAY " + name + " said last stream " + last + " while " + Words.streams(shown, left.size())
                        + ", opened by " + parties.whom(receiver) + ", " + (left.size() == 1 ? "was" : "were")
                        + " in use: above the last stream, " + parties.who(sender) + " did not and will not process them",
                steps, List.of(), parties.viewpoint(), now, clock(now)));
    }

    // ---------------------------------------------------------------- the end

    private void onClosed(ConnectionClosed c) {
        flushResets();
        List<Integer> open = new ArrayList<>(model.snapshot().streams().keySet());
        String how = "before the connection ended";
        stalls.end(now, how).forEach(this::stalled);
        unanswered.end(now).forEach(l -> late(l, how));
        if (c.cause() == ConnectionClosed.Cause.IDLE_TIMEOUT) {
            idle(c);
        }
        boolean goAwayError = lastGoAway != null && lastGoAway.frame().errorCode() != ErrorCode.NO_ERROR.code();
        if (!c.endedCleanly(!open.isEmpty()) || goAwayError) {
            emit(ended(c, open));
        }
    }

    private void idle(ConnectionClosed c) {
        List<Finding.Step> steps = new ArrayList<>();
        FrameHistory.Seen quiet = ourGoAway == null ? history.last() : history.before(ourGoAway.seen());
        if (quiet != null) {
            steps.add(step(quiet));
        }
        if (ourGoAway != null) {
            steps.add(step(ourGoAway.seen()));
        }
        String idleFor = quiet == null ? "" : " for " + Words.duration(c.nanosSinceStart() - quiet.nanosSinceStart());
        emit(new Finding(Severity.NOTICE, Finding.Kind.IDLE_TIMEOUT, connectionId, List.of(), 0, Side.LOCAL, "GOAWAY",
                ErrorCode.NO_ERROR.name(), null, capital(parties.who(Side.LOCAL)) + " closed the connection, idle"
                        + idleFor + ", with GOAWAY NO_ERROR" + (c.debug().isEmpty() ? "" : " (" + c.debug() + ")"),
                steps, List.of(), parties.viewpoint(), now, clock(now)));
    }

    private Finding ended(ConnectionClosed c, List<Integer> open) {
        List<Finding.Step> steps = new ArrayList<>();
        Side by;
        String frame = null;
        String code = null;
        Finding.RuleRef rule;
        String summary;
        List<Integer> streams = open;
        boolean ourError = c.cause() == ConnectionClosed.Cause.CONNECTION_ERROR && c.closedBy() == Side.LOCAL;
        GoAway goAway = lastGoAway != null && lastGoAway.frame().errorCode() != ErrorCode.NO_ERROR.code()
                ? lastGoAway : null;
        if (ourError) {
            by = Side.LOCAL;
            frame = "GOAWAY";
            code = ErrorCode.nameOf(c.errorCode());
            Raised raised = connectionError;
            String ruleId = c.ruleId() != null ? c.ruleId() : raised == null ? null : raised.error().ruleId();
            rule = ruleId == null ? Finding.RuleRef.ofCode(c.errorCode())
                    : Finding.RuleRef.of(ruleId, raised == null ? null : raised.error().spec());
            FrameHistory.Seen trigger = raised == null ? null : raised.trigger();
            summary = capital(parties.who(Side.LOCAL)) + " ended the connection with GOAWAY " + code + ": "
                    + (trigger != null ? parties.whose(trigger.side()) + " " + trigger.phrase() + " broke " + ruleId
                    : ruleId != null ? ruleId + " broken" : "a connection error");
            if (trigger != null && trigger.header().streamId() > 0) {
                streams = List.of(trigger.header().streamId());
            }
            ledTo(trigger, ruleId, steps);
            if (raised != null) {
                ErrorRaised e = raised.error();
                steps.add(step(e.nanosSinceStart(), capital(parties.who(Side.LOCAL)) + " raised " + e.code() + " ("
                        + e.spec() + "): " + e.detail()));
            }
            if (ourGoAway != null) {
                steps.add(step(ourGoAway.seen()));
            }
        } else if (goAway != null) {
            by = goAway.seen().side();
            frame = "GOAWAY";
            code = goAway.frame().errorName();
            FrameHistory.Seen broke = ruleBrokenBefore(goAway);
            rule = broke != null ? Finding.RuleRef.of(broke.rule(), null)
                    : Finding.RuleRef.ofCode(goAway.frame().errorCode() & 0xffffffffL);
            summary = capital(parties.who(by)) + " ended the connection with " + goAway.seen().phrase()
                    + (broke != null ? ": " + parties.whose(broke.side()) + " " + broke.phrase() + " broke "
                    + broke.rule() : "");
            Side other = Parties.other(by);
            for (FrameHistory.Seen s : history.lastOf(other, SHOWN)) {
                if (s.nanosSinceStart() <= goAway.seen().nanosSinceStart() && s != broke) {
                    steps.add(step(s));
                }
            }
            if (broke != null) {
                steps.add(step(broke));
                if (broke.header().streamId() > 0) {
                    streams = List.of(broke.header().streamId());
                }
            }
            steps.add(step(goAway.seen()));
            transportEnd(c, steps);
        } else {
            by = c.cause() == ConnectionClosed.Cause.PEER_VANISHED ? Side.REMOTE : null;
            rule = Finding.RuleRef.of(c.cause() == ConnectionClosed.Cause.PEER_VANISHED ? SpecQuote.PING_ACK
                    : SpecQuote.CLOSE_WITHOUT_GOAWAY);
            String openText = open.isEmpty() ? "" : " with " + Words.streams(open.subList(0,
                    Math.min(Finding.STREAMS_SHOWN, open.size())), open.size()) + " still open";
            summary = switch (c.cause()) {
                case IO_ERROR -> "The socket failed" + (c.debug().isEmpty() ? "" : " (" + c.debug() + ")")
                        + openText + ": no GOAWAY said which streams were processed";
                case PEER_VANISHED -> capital(parties.who(Side.REMOTE)) + " stopped answering: nothing read and no"
                        + " PING ACK within the ping interval" + openText;
                default -> "The connection closed without a GOAWAY" + openText
                        + (c.debug().isEmpty() ? "" : " (" + c.debug() + ")");
            };
            int each = open.size() == 1 ? SHOWN : 1; // the last frames of a lone stream, else each one's last
            for (int id : open.subList(0, Math.min(SHOWN, open.size()))) {
                history.onStream(id, each, null).forEach(s -> steps.add(step(s)));
            }
            transportEnd(c, steps);
        }
        List<Integer> shown = streams.subList(0, Math.min(Finding.STREAMS_SHOWN, streams.size()));
        return new Finding(Severity.CRITICAL, Finding.Kind.CONNECTION_ENDED, connectionId, shown, streams.size(), by,
                frame, code, rule, summary, steps, List.copyOf(earlier), parties.viewpoint(), now, clock(now));
    }

    /** What led to a connection error: the run of frames a flood was made of, the stream's frames, the HPACK state. */
    private void ledTo(FrameHistory.Seen trigger, String ruleId, List<Finding.Step> steps) {
        var rule = KnownRules.byId(ruleId).orElse(null);
        FrameHistory.Run run = history.run(Side.REMOTE);
        if (rule instanceof LimitRule && run != null && run.count() > 1) {
            steps.add(step(run.since(), capital(parties.whose(Side.REMOTE)) + " last " + run.count() + " frames were "
                    + FrameType.nameOf(run.typeCode()) + ", within " + Words.duration(run.until() - run.since())));
        }
        if (trigger == null) {
            return;
        }
        if (trigger.header().streamId() > 0) {
            history.onStream(trigger.header().streamId(), SHOWN - 1, trigger).forEach(s -> steps.add(step(s)));
        }
        if (rule instanceof HpackRule && lastEviction != null && lastEviction.by() != trigger) {
            steps.add(step(lastEviction.by().nanosSinceStart(), capital(parties.whose(lastEviction.by().side())) + " "
                    + lastEviction.by().phrase() + " evicted " + Words.count(lastEviction.count(), "entry", "entries")
                    + " from " + parties.whose(Side.LOCAL) + " decoder's dynamic table"));
        }
        steps.add(step(trigger));
        if (rule instanceof HpackRule) {
            steps.add(step(trigger.nanosSinceStart(), capital(parties.whose(Side.LOCAL)) + " decoder's dynamic table "
                    + "then held " + table(model.snapshot()) + " (RFC 7541 §2.3.3: indexes 1 to 61 are the static "
                    + "table, 62 and up the dynamic one)"));
        }
    }

    /** {@code 1 entry (58 of 4096 octets)}. */
    private static String table(ConnectionSnapshot s) {
        long octets = 0;
        for (HeaderField f : s.decoderTable()) {
            octets += f.size();
        }
        return Words.count(s.decoderTable().size(), "entry", "entries") + " (" + octets + " of " + s.decoderMaxSize()
                + " octets)";
    }

    /** A rule broken by the side the GOAWAY's sender answered, seen just before it (a proxy's or peer's recording). */
    private FrameHistory.Seen ruleBrokenBefore(GoAway goAway) {
        FrameHistory.Seen found = null;
        for (FrameHistory.Seen s : history.lastOf(Parties.other(goAway.seen().side()), SHOWN)) {
            if (s.rule() != null && s.nanosSinceStart() <= goAway.seen().nanosSinceStart()) {
                found = s;
            }
        }
        return found;
    }

    private void transportEnd(ConnectionClosed c, List<Finding.Step> steps) {
        steps.add(step(c.nanosSinceStart(), "The connection closed: " + c.cause().name().toLowerCase(java.util.Locale.ROOT)
                + (c.debug().isEmpty() ? "" : " (" + c.debug() + ")")));
    }

    // ---------------------------------------------------------------- stalls and waits

    private void stalled(WindowStalls.Stall s) {
        // our send window withheld: the peer gave no credit; our receive window: we gave none
        Side withheld = s.side() == WindowSide.SEND ? Side.REMOTE : Side.LOCAL;
        Side waiting = Parties.other(withheld);
        String where = s.streamId() == 0 ? "the connection" : "stream " + s.streamId()
                + (history.label(s.streamId()) == null ? "" : " (" + history.label(s.streamId()) + ")");
        StreamState state = model.streamState(s.streamId());
        boolean moreToSend = s.streamId() == 0 || (waiting == Side.LOCAL
                ? state == StreamState.OPEN || state == StreamState.HALF_CLOSED_REMOTE
                : state == StreamState.OPEN || state == StreamState.HALF_CLOSED_LOCAL);
        boolean credited = s.how().equals(WindowStalls.CREDITED);
        String summary = capital(parties.whose(waiting)) + " send window on " + where + " stayed at 0 for "
                + Words.duration(s.nanos()) + " " + s.how() + (credited ? "" : ": " + parties.who(withheld)
                + " gave no credit" + (moreToSend ? " while " + parties.who(waiting) + " had more to send ("
                + parties.who(withheld) + " stopped reading?)" : ""));
        List<Finding.Step> steps = new ArrayList<>();
        if (s.streamId() > 0) {
            history.onStream(s.streamId(), SHOWN, null).forEach(f -> {
                if (f.nanosSinceStart() <= s.until()) {
                    steps.add(step(f));
                }
            });
        }
        emit(new Finding(Severity.WARNING, Finding.Kind.WINDOW_STALL, connectionId,
                s.streamId() == 0 ? List.of() : List.of(s.streamId()), s.streamId() == 0 ? 0 : 1, withheld, null, null,
                Finding.RuleRef.of(SpecQuote.FLOW_CONTROL_LIMIT), summary, steps, List.of(), parties.viewpoint(),
                s.since(), clock(s.since())));
    }

    /** A question answered late, or ({@code how} said) never. */
    private void late(Unanswered.Late late, String how) {
        if (late == null) {
            return;
        }
        Side asker = late.asker();
        Side answerer = Parties.other(asker);
        boolean settings = late.asked() == Unanswered.Asked.SETTINGS;
        String what = settings ? "SETTINGS" : String.format("PING %016x", late.opaque());
        String summary = capital(parties.who(answerer)) + (late.never()
                ? " never acknowledged " + parties.whose(asker) + " " + what + ": " + Words.duration(now - late.sentAt())
                        + " without an answer " + how
                : " acknowledged " + parties.whose(asker) + " " + what + " after "
                        + Words.duration(late.answeredAt() - late.sentAt()));
        List<Finding.Step> steps = new ArrayList<>();
        steps.add(step(late.sentAt(), capital(parties.who(asker)) + " sent " + what));
        if (!late.never()) {
            steps.add(step(late.answeredAt(), capital(parties.who(answerer)) + " sent its ACK"));
        }
        emit(new Finding(Severity.WARNING, settings ? Finding.Kind.SETTINGS_UNACKNOWLEDGED
                : Finding.Kind.PING_UNANSWERED, connectionId, List.of(), 0, answerer, null, null,
                Finding.RuleRef.of(settings ? SpecQuote.SETTINGS_ACK : SpecQuote.PING_ACK), summary, steps, List.of(),
                parties.viewpoint(), late.sentAt(), clock(late.sentAt())));
    }

    // ---------------------------------------------------------------- wording

    private Finding.Step step(FrameHistory.Seen s) {
        return step(s.nanosSinceStart(), capital(parties.who(s.side())) + " sent " + s.phrase()
                + (s.rule() == null ? "" : ", which broke " + s.rule()));
    }

    private Finding.Step step(long nanos, String text) {
        return new Finding.Step(nanos, clock(nanos), text);
    }

    private Instant clock(long nanos) {
        return opened == null ? null : opened.clockAt(nanos);
    }

    private static String capital(String text) {
        return Parties.capital(text);
    }

    private void emit(Finding finding) {
        sink.accept(finding);
        if (finding.kind() != Finding.Kind.CONNECTION_ENDED) {
            if (earlier.size() == kept) {
                earlier.pollFirst();
            }
            earlier.addLast(finding.severity() + " " + finding.summary());
        }
    }
}
