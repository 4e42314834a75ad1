package io.h2scope.engine.trace.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.rules.KnownRules;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every kind of event, with random field values, survives both writers and both readers: the line each writer makes
 * ({@link FrequentEventLines} for the frequent kinds, {@link TraceEventJson}'s text for the rest) reads back equal
 * through the general reader (a map of the line) and, where it takes the line, through {@link DirectEventReader}; a
 * frame's summary (no payload) is the same either way. The fast paths are checked against one description of each
 * kind: the event record itself. A kind added without a generator here fails {@link #everyKindHasAGenerator}.
 */
class EventLinesRoundTripTest {

    private static final int EVENTS_PER_KIND = 300;
    private static final long SEED = 303;

    private final Random random = new Random(SEED);
    private final Map<Class<? extends TraceEvent>, Function<Random, TraceEvent>> kinds = generators();

    @Test
    void everyKindHasAGenerator() {
        Set<Class<?>> permitted = new HashSet<>(Arrays.asList(TraceEvent.class.getPermittedSubclasses()));
        assertEquals(permitted, kinds.keySet(), "a generator per TraceEvent kind (add one for a new kind)");
    }

    @Test
    void everyKindReadsBackEqualThroughBothReaders() throws Exception {
        Map<Class<?>, Integer> direct = new TreeMap<>((a, b) -> a.getSimpleName().compareTo(b.getSimpleName()));
        for (Map.Entry<Class<? extends TraceEvent>, Function<Random, TraceEvent>> kind : kinds.entrySet()) {
            for (int i = 0; i < EVENTS_PER_KIND; i++) {
                TraceEvent event = kind.getValue().apply(random);
                LineOctets out = TraceEventJson.write(event, new LineOctets(64));
                byte[] line = out.octets();
                int length = out.length();
                String text = TraceEventJson.write(event);
                assertEquals(text, new String(line, 0, length, StandardCharsets.UTF_8), "both write calls agree");

                TraceEvent general = JsonlLineDecoder.decode(line, 0, length, 1);
                assertEquals(event, general, () -> "the general reader: " + text);
                TraceEvent summary = summary(event);
                assertEquals(summary, JsonlLineDecoder.generalSummary(line, 0, length, 1), () -> "summary: " + text);
                TraceEvent fast = DirectEventReader.read(line, 0, length);
                if (fast != null) {
                    direct.merge(kind.getKey(), 1, Integer::sum);
                    assertEquals(summary, fast, () -> "the direct reader: " + text);
                }
                assertEquals(summary, JsonlLineDecoder.summary(line, 0, length, 1), () -> "summary: " + text);
            }
        }
        assertEquals(Set.of(FrameEvent.class, WindowChanged.class, StreamStateChanged.class, HpackEntryAdded.class,
                HpackEntriesEvicted.class), direct.keySet(), "the kinds the direct reader takes, each at least once");
    }

    /**
     * A frame line with window and state changes folded in ({@link FoldedChanges}) reads back, through every reader, as
     * those changes then the frame; a run of events of two connections at two times, written through the folding,
     * reads back as the same run, whatever was folded and whatever stood alone.
     */
    @Test
    void framesWithFoldedChangesReadBackAsTheEventsTheyWere() throws Exception {
        for (int i = 0; i < EVENTS_PER_KIND; i++) {
            FrameEvent frame = frameEvent(random);
            List<TraceEvent> changes = new ArrayList<>();
            for (int n = 1 + random.nextInt(5); n > 0; n--) {
                changes.add(change(random, frame.connectionId(), frame.nanosSinceStart()));
            }
            LineOctets out = new LineOctets(64);
            FoldedChanges folding = new FoldedChanges();
            for (TraceEvent change : changes) {
                folding.write(change, out);
            }
            assertEquals(0, out.length(), "the changes wait for their frame");
            folding.write(frame, out);
            folding.flush(out);
            String text = out.text();
            assertEquals(1, text.split("\n").length, () -> "one line: " + text);
            int length = out.length() - 1;
            byte[] line = out.octets();

            List<TraceEvent> whole = new ArrayList<>(changes);
            whole.add(frame);
            List<TraceEvent> read = new ArrayList<>();
            JsonlLineDecoder.decode(line, 0, length, 1, read::add);
            assertEquals(whole, read, () -> "the general reader: " + text);
            assertEquals(frame, JsonlLineDecoder.decode(line, 0, length, 1), "the line's own event is its frame");

            List<TraceEvent> summaries = new ArrayList<>(changes);
            summaries.add(summary(frame));
            List<TraceEvent> general = new ArrayList<>();
            JsonlLineDecoder.generalSummary(line, 0, length, 1, general::add);
            assertEquals(summaries, general, () -> "the general summary: " + text);
            DirectEventReader direct = DirectEventReader.whole(line, 0, length);
            if (direct != null) {
                List<TraceEvent> fast = new ArrayList<>();
                direct.forEach(fast::add);
                assertEquals(summaries, fast, () -> "the direct reader: " + text);
            }
            List<TraceEvent> indexed = new ArrayList<>();
            new SummaryLines(line, 0, length + 1).next(1, indexed::add);
            assertEquals(summaries, indexed, () -> "an index's reading: " + text);
        }
    }

    @Test
    void aRunOfEventsReadsBackTheSameWhateverWasFolded() throws Exception {
        List<TraceEvent> run = new ArrayList<>();
        for (int i = 0; i < 20 * EVENTS_PER_KIND; i++) {
            long conn = 1 + random.nextInt(2);
            long nanos = random.nextInt(2) * 5;
            TraceEvent event = switch (random.nextInt(4)) {
                case 0, 1 -> change(random, conn, nanos);
                case 2 -> {
                    FrameEvent f = frameEvent(random);
                    yield new FrameEvent(conn, nanos, f.direction(), f.header(), f.frame(), f.headers(),
                            f.connectionSendWindow(), f.connectionReceiveWindow(), f.streamSendWindow(),
                            f.streamReceiveWindow(), f.streamStateAfter(), null, f.padding());
                }
                default -> new HpackEntriesEvicted(conn, nanos, HpackContext.DECODER, random.nextInt(9));
            };
            run.add(event);
        }
        LineOctets out = new LineOctets(1 << 16);
        FoldedChanges folding = new FoldedChanges();
        for (TraceEvent event : run) {
            folding.write(event, out);
        }
        folding.flush(out);
        String text = out.text();
        assertEquals(run, JsonlTraceReader.read(new java.io.BufferedReader(new java.io.StringReader(text))));
        long lines = text.lines().count();
        long standalone = text.lines().filter(l -> !l.contains("\"kind\":\"frame\"")
                && !l.contains("\"kind\":\"hpack_evict\"")).count();
        assertTrue(lines < run.size() && standalone > 0, () -> lines + " lines for " + run.size()
                + " events, " + standalone + " changes alone (another connection or time came between)");
    }

    /** A window or stream state change of connection {@code conn} at {@code nanos}. */
    private static TraceEvent change(Random r, long conn, long nanos) {
        return r.nextBoolean()
                ? new WindowChanged(conn, nanos, r.nextInt(Integer.MAX_VALUE), pick(r, WindowSide.values()), r.nextInt(),
                        r.nextInt(), pick(r, WindowCause.values()))
                : new StreamStateChanged(conn, nanos, r.nextInt(Integer.MAX_VALUE), pick(r, StreamState.values()),
                        pick(r, StreamState.values()), pick(r, StreamInput.values()));
    }

    /**
     * What a summary reading gives: a frame event with its fields, without HPACK detail or padding, and without its frame unless
     * it is a small control frame ({@link FrameEventJson#keptInSummary}); any other event whole.
     */
    private static TraceEvent summary(TraceEvent event) {
        if (!(event instanceof FrameEvent f)) {
            return event;
        }
        Frame kept = FrameEventJson.keptInSummary(f.header().typeCode(), f.header().length()) ? f.frame() : null;
        return new FrameEvent(f.connectionId(), f.nanosSinceStart(), f.direction(), f.header(), kept, f.headers(),
                f.connectionSendWindow(), f.connectionReceiveWindow(), f.streamSendWindow(), f.streamReceiveWindow(),
                f.streamStateAfter(), null, null);
    }

    // ---------------------------------------------------------------- generators

    private static Map<Class<? extends TraceEvent>, Function<Random, TraceEvent>> generators() {
        Map<Class<? extends TraceEvent>, Function<Random, TraceEvent>> g = new LinkedHashMap<>();
        g.put(FrameEvent.class, EventLinesRoundTripTest::frameEvent);
        g.put(ConnectionOpened.class, r -> new ConnectionOpened(conn(r), nanos(r), pick(r, Role.values()),
                maybe(r, address(r)), maybe(r, address(r)), maybe(r, pick(r, new String[] {"tls", "h2c", "h2c upgrade"})),
                maybe(r, "TLSv1.3"), maybe(r, text(r)), maybe(r, "h2"), maybe(r, text(r)),
                r.nextBoolean() ? ConnectionOpened.NO_PAIR : conn(r),
                r.nextBoolean() ? null : Instant.ofEpochSecond(1_700_000_000L + r.nextInt(100_000_000), r.nextInt(1_000_000_000)),
                r.nextBoolean() ? null : new TracePrivacy(List.of("authorization", text(r)), r.nextBoolean(),
                        r.nextBoolean() ? TracePrivacy.ALL_DATA : r.nextInt(1 << 20))));
        g.put(ConnectionClosed.class, r -> {
            boolean goAway = r.nextBoolean();
            return new ConnectionClosed(conn(r), nanos(r), r.nextBoolean() ? null : pick(r, Side.values()),
                    pick(r, ConnectionClosed.Cause.values()), goAway ? r.nextInt(14) : -1,
                    goAway ? r.nextInt(Integer.MAX_VALUE) : -1, text(r), maybe(r, "frame/" + ascii(r)),
                    r.nextLong() & Long.MAX_VALUE, r.nextLong() & Long.MAX_VALUE, r.nextInt(1 << 30), r.nextInt(1 << 30));
        });
        g.put(StreamStateChanged.class, r -> new StreamStateChanged(conn(r), nanos(r), 1 + r.nextInt(Integer.MAX_VALUE),
                pick(r, StreamState.values()), pick(r, StreamState.values()), pick(r, StreamInput.values())));
        g.put(WindowChanged.class, r -> new WindowChanged(conn(r), nanos(r), r.nextInt(Integer.MAX_VALUE),
                pick(r, WindowSide.values()), r.nextInt(), r.nextInt(), pick(r, WindowCause.values())));
        g.put(SettingsAnnounced.class, r -> {
            List<Setting> entries = new ArrayList<>();
            for (int i = r.nextInt(8); i > 0; i--) {
                SettingId id = pick(r, SettingId.values());
                entries.add(new Setting(id, settingValue(r, id)));
            }
            return new SettingsAnnounced(conn(r), nanos(r), pick(r, Side.values()), entries);
        });
        g.put(SettingsAcknowledged.class, r -> new SettingsAcknowledged(conn(r), nanos(r), pick(r, Side.values())));
        g.put(SettingsInForce.class, r -> new SettingsInForce(conn(r), nanos(r), pick(r, Side.values()), settings(r)));
        g.put(HpackEntryAdded.class, r -> new HpackEntryAdded(conn(r), nanos(r), pick(r, HpackContext.values()),
                r.nextInt(4) == 0 ? text(r) : ascii(r), r.nextInt(4) == 0 ? text(r) : ascii(r), r.nextInt(1 << 16)));
        g.put(HpackEntriesEvicted.class, r -> new HpackEntriesEvicted(conn(r), nanos(r), pick(r, HpackContext.values()),
                r.nextInt(1 << 16)));
        g.put(HpackTableResized.class, r -> new HpackTableResized(conn(r), nanos(r), pick(r, HpackContext.values()),
                r.nextInt(Integer.MAX_VALUE)));
        g.put(ViolationReceived.class, r -> {
            Rule rule = r.nextBoolean() ? null : pick(r, rules());
            Violation v = rule == null
                    ? new Violation(spec(r), pick(r, ErrorScope.values()), pick(r, ErrorCode.values()), text(r), null)
                    : new Violation(rule.spec(), rule.scope(), rule.code(), text(r), rule);
            return new ViolationReceived(conn(r), nanos(r), new FrameHeader(r.nextInt(1 << 24), r.nextInt(256),
                    r.nextInt(256), r.nextInt(Integer.MAX_VALUE), r.nextBoolean()), v);
        });
        g.put(ErrorRaised.class, r -> new ErrorRaised(conn(r), nanos(r), pick(r, ErrorScope.values()),
                r.nextInt(Integer.MAX_VALUE), pick(r, ErrorCode.values()), spec(r).toString(), "stream/" + ascii(r), text(r)));
        g.put(SnapshotTaken.class, r -> {
            TreeMap<Integer, ConnectionSnapshot.Stream> streams = new TreeMap<>();
            for (int i = r.nextInt(5); i > 0; i--) {
                streams.put(1 + r.nextInt(1000), new ConnectionSnapshot.Stream(pick(r, StreamState.values()),
                        r.nextInt(), r.nextInt()));
            }
            return new SnapshotTaken(conn(r), nanos(r), new ConnectionSnapshot(streams, r.nextInt(), r.nextInt(),
                    table(r), r.nextInt(1 << 20), table(r), r.nextInt(1 << 20), settings(r), settings(r)));
        });
        g.put(Http1Head.class, r -> new Http1Head(conn(r), nanos(r), r.nextBoolean(),
                "GET /" + ascii(r) + " HTTP/1.1\nHost: " + address(r) + "\nUpgrade: h2c\nX-Any: " + text(r)));
        return g;
    }

    private static FrameEvent frameEvent(Random r) {
        Frame frame = frame(r);
        int omitted = frame instanceof DataFrame && r.nextInt(4) == 0 ? 1 + r.nextInt(1000) : 0;
        boolean stream = frame.streamId() != 0;
        FrameHeader header = new FrameHeader(frame.payloadLength() + omitted, frame.typeCode(), frame.flags(),
                frame.streamId(), r.nextInt(8) == 0);
        List<HeaderField> fields = List.of();
        if ((frame instanceof HeadersFrame || frame instanceof PushPromiseFrame || frame instanceof ContinuationFrame)
                && (frame.flags() & Flags.END_HEADERS) != 0) {
            fields = fields(r, true);
        }
        return new FrameEvent(conn(r), nanos(r), pick(r, Direction.values()), header, frame, fields, r.nextInt(),
                r.nextInt(), stream ? r.nextInt() : -1, stream ? r.nextInt() : -1,
                stream ? pick(r, StreamState.values()) : null, null, padding(r, frame));
    }

    /** Random padding octets for a padded frame (zeros now and then: then the event keeps none). */
    private static byte[] padding(Random r, Frame frame) {
        int pad = frame instanceof DataFrame d ? d.padLength() : frame instanceof HeadersFrame h ? h.padLength()
                : frame instanceof PushPromiseFrame p ? p.padLength() : 0;
        if (pad <= 0 || r.nextBoolean()) {
            return null;
        }
        byte[] octets = new byte[pad];
        r.nextBytes(octets);
        return octets;
    }

    private static Frame frame(Random r) {
        int id = 1 + r.nextInt(Integer.MAX_VALUE - 1);
        int pad = r.nextBoolean() ? -1 : r.nextInt(256);
        int padded = pad >= 0 ? Flags.PADDED : 0;
        return switch (r.nextInt(11)) {
            case 0 -> new DataFrame(id, (r.nextBoolean() ? Flags.END_STREAM : 0) | padded, octets(r, 2000), pad);
            case 1 -> {
                Priority priority = r.nextBoolean() ? null
                        : new Priority(r.nextInt(Integer.MAX_VALUE), r.nextBoolean(), 1 + r.nextInt(256));
                yield new HeadersFrame(id, (r.nextBoolean() ? Flags.END_STREAM : 0) | (r.nextBoolean() ? Flags.END_HEADERS : 0)
                        | padded | (priority != null ? Flags.PRIORITY : 0), octets(r, 300), pad, priority);
            }
            case 2 -> new PriorityFrame(id, 0, new Priority(r.nextInt(Integer.MAX_VALUE), r.nextBoolean(), 1 + r.nextInt(256)));
            case 3 -> new RstStreamFrame(id, 0, r.nextInt());
            case 4 -> {
                boolean ack = r.nextBoolean();
                List<RawSetting> settings = new ArrayList<>();
                for (int i = ack ? 0 : r.nextInt(6); i > 0; i--) {
                    settings.add(new RawSetting(r.nextInt(16), r.nextLong() & 0xFFFF_FFFFL));
                }
                yield new SettingsFrame(ack ? Flags.ACK : 0, settings);
            }
            case 5 -> new PushPromiseFrame(id, (r.nextBoolean() ? Flags.END_HEADERS : 0) | padded,
                    r.nextInt(Integer.MAX_VALUE), octets(r, 300), pad);
            case 6 -> new PingFrame(r.nextBoolean() ? Flags.ACK : 0, r.nextLong());
            case 7 -> new GoAwayFrame(0, r.nextInt(Integer.MAX_VALUE), r.nextInt(), octets(r, 100));
            case 8 -> new WindowUpdateFrame(r.nextBoolean() ? 0 : id, 0, 1 + r.nextInt(Integer.MAX_VALUE - 1));
            case 9 -> new ContinuationFrame(id, r.nextBoolean() ? Flags.END_HEADERS : 0, octets(r, 300));
            default -> new UnknownFrame(10 + r.nextInt(246), r.nextInt(256), r.nextBoolean() ? 0 : id, octets(r, 200));
        };
    }

    private static List<HeaderField> fields(Random r, boolean neverIndexed) {
        List<HeaderField> fields = new ArrayList<>();
        for (int i = r.nextInt(6); i > 0; i--) {
            fields.add(new HeaderField(r.nextInt(4) == 0 ? ":" + ascii(r) : ascii(r), r.nextInt(3) == 0 ? text(r) : ascii(r),
                    neverIndexed && r.nextInt(5) == 0));
        }
        return fields;
    }

    private static List<HeaderField> table(Random r) {
        return fields(r, false);
    }

    /** Settings in force; an id left unset keeps its initial value ("unlimited" for two of them). */
    private static Settings settings(Random r) {
        Settings.Builder b = Settings.builder();
        for (SettingId id : SettingId.values()) {
            if (r.nextBoolean()) {
                b.set(id, settingValue(r, id));
            }
        }
        return b.build();
    }

    private static long settingValue(Random r, SettingId id) {
        return switch (id) {
            case ENABLE_PUSH, ENABLE_CONNECT_PROTOCOL, NO_RFC7540_PRIORITIES -> r.nextInt(2);
            case INITIAL_WINDOW_SIZE -> r.nextInt(Integer.MAX_VALUE);
            case MAX_FRAME_SIZE -> 16_384 + r.nextInt(16_777_215 - 16_384 + 1);
            default -> r.nextLong() & 0xFFFF_FFFFL;
        };
    }

    private static SpecRef spec(Random r) {
        return switch (r.nextInt(3)) {
            case 0 -> SpecRef.rfc9113(r.nextInt(11) + "." + r.nextInt(9));
            case 1 -> SpecRef.rfc7540(r.nextInt(11) + "." + r.nextInt(9));
            default -> SpecRef.rfc7541(r.nextInt(8) + "." + r.nextInt(4));
        };
    }

    private static Rule[] rules() {
        List<Rule> all = new ArrayList<>();
        for (Class<? extends Enum<?>> family : KnownRules.FAMILIES) {
            for (Enum<?> constant : family.getEnumConstants()) {
                all.add((Rule) constant);
            }
        }
        return all.toArray(new Rule[0]);
    }

    private static long conn(Random r) {
        return r.nextInt(4) == 0 ? r.nextLong() & Long.MAX_VALUE : 1 + r.nextInt(1000);
    }

    private static long nanos(Random r) {
        return r.nextInt(4) == 0 ? r.nextLong() & Long.MAX_VALUE : r.nextInt(1_000_000_000);
    }

    private static String address(Random r) {
        return r.nextBoolean() ? "127.0.0." + r.nextInt(256) + ":" + r.nextInt(65536) : "[::1]:" + r.nextInt(65536);
    }

    private static <T> T maybe(Random r, T value) {
        return r.nextInt(3) == 0 ? null : value;
    }

    @SafeVarargs
    private static <T> T pick(Random r, T... values) {
        return values[r.nextInt(values.length)];
    }

    private static byte[] octets(Random r, int max) {
        byte[] b = new byte[r.nextInt(max + 1)];
        r.nextBytes(b);
        return b;
    }

    /** Letters, digits and a few marks a field name or token may hold: the plain lines the direct reader takes. */
    private static String ascii(Random r) {
        String chars = "abcdefghijklmnopqrstuvwxyz0123456789-_.";
        StringBuilder s = new StringBuilder();
        for (int i = 1 + r.nextInt(12); i > 0; i--) {
            s.append(chars.charAt(r.nextInt(chars.length())));
        }
        return s.toString();
    }

    /** Any text: quotes, backslashes, control characters, non-ASCII letters and a character beyond the BMP. */
    private static String text(Random r) {
        String[] pieces = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u0001", "\u007f", "é", "€", "日本", "\uD83D\uDE00",
                "<redacted>", "{", "}", ",", ":", "[", "]"};
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(10); i > 0; i--) {
            s.append(pieces[r.nextInt(pieces.length)]);
        }
        return s.toString();
    }

    @Test
    void aGeneratedEventIsNotAlwaysTheSame() {
        TraceEvent first = kinds.get(FrameEvent.class).apply(random);
        TraceEvent second = kinds.get(FrameEvent.class).apply(random);
        assertNotNull(first);
        assertTrue(!first.equals(second), "the generator varies its events");
    }
}
