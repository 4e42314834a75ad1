package io.h2scope.conformance.client.faulty;

import io.h2scope.conformance.client.Http1Side;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HeaderField;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One rule h2scope's client follows as a sender, broken by the relay, or one it enforces, hidden from it by the relay
 * (it then accepts what it must refuse), and the cases that judge that rule: each fault's
 * run must FAIL exactly those (checked against the RFC sentence each quotes) and give every other case the verdict of
 * the fault-free run through the same relay ({@link #NONE}).
 */
enum ClientFault {

    NONE("forwards every frame as it came", "", Set.of(), () -> Rewrite.NONE),

    /** The baseline of the faults whose client allows push: the push cases are the only ones push changes. */
    NONE_WITH_PUSH("forwards every frame as it came", "", Set.of(), FaultRun.withPush(Numbers.PUSH_CASES),
            () -> Rewrite.NONE),

    UPGRADE_WITHOUT_HTTP2_SETTINGS("removes the HTTP2-Settings field from the client's Upgrade request",
            "RFC 9113 §3.1 (RFC 7540 §3.2.1): a request that upgrades to h2c MUST include exactly one HTTP2-Settings",
            Set.of("client/3.2/upgrade-request-has-http2-settings"), () -> new Rewrite() {
                @Override
                public String upgradeRequest(String head) {
                    return head.replaceAll("(?im)^http2-settings:[^\\r\\n]*\\r\\n", "");
                }
            }),

    UPGRADE_REFUSAL_SWITCHED("turns the server's answer to the client's Upgrade request, when it is no 101, into "
            + "101 Switching Protocols with Upgrade: h2c (what follows its head is relayed as frames)",
            "RFC 7540 §3.2: only a 101 switches the connection to HTTP/2; a server that does not support HTTP/2 "
                    + "responds as though the Upgrade header field were absent",
            Set.of("client/3.2/upgrade-ignored-http11-response"),
            // only an Upgrade answered with no 101 changes: client/3.2's case alone answers so
            FaultRun.only("client/3.2/"),
            () -> upgradeAnswer(head -> head.startsWith("HTTP/1.1 101") ? head : Numbers.SWITCH_TO_H2C)),

    UPGRADE_TOKEN_MADE_H2C("puts 101 Switching Protocols with Connection: Upgrade and Upgrade: h2c (and no other "
            + "field) in place of a 101 that answers the client's Upgrade request",
            "RFC 9110 §7.8: a 101's Upgrade names the protocol the connection is switched to (a server MUST NOT switch "
                    + "to a protocol the client did not ask for): only one naming h2c starts HTTP/2",
            Set.of("client/3.2/switching-protocols-to-websocket", "client/3.2/switching-protocols-to-h2",
                    "client/3.2/switching-protocols-to-nothing"),
            // only a 101 naming another protocol or none changes: client/3.2's cases alone answer so
            FaultRun.only("client/3.2/"),
            () -> upgradeAnswer(head -> head.startsWith("HTTP/1.1 101") ? Numbers.SWITCH_TO_H2C : head)),

    SETTINGS_NOT_FIRST("sends a PING before the client's first SETTINGS (its ACK dropped on the way back)",
            "RFC 9113 §3.4: the preface MUST be followed by a SETTINGS frame",
            Set.of("client/3.4/preface-then-settings"), ClientFault::pingBeforeSettings),

    SETTINGS_NOT_ACKNOWLEDGED("drops the client's SETTINGS ACKs",
            "RFC 9113 §6.5.3: the recipient MUST immediately emit a SETTINGS frame with the ACK flag set",
            Set.of("client/6.5.3/settings-acknowledged", "client/6.5/settings-acknowledged-once-each"),
            // a setting binds the client from its ACK on (RFC 9113 §6.5.3): without one, these cannot judge theirs
            Set.of("client/4.3.1/size-update-after-lowered-to-0", "client/4.3.1/size-update-after-lowered-to-100",
                    "client/hpack/4.2/smallest-size-signalled", "client/5.1.2/max-concurrent-streams-one",
                    "client/5.1.2/max-concurrent-streams-lowered", "client/6.9.2/negative-window-after-settings"),
            () -> dropFromClient(f -> f.is(FrameType.SETTINGS) && f.has(Flags.ACK))),

    PING_NOT_ACKNOWLEDGED("drops the client's PING ACKs",
            "RFC 9113 §6.7: receivers of a PING without ACK MUST send a PING with the ACK flag in response",
            // not client/10.5/ping-flood: the client ends the flood with GOAWAY ENHANCE_YOUR_CALM, which §10.5 allows
            Set.of("client/6.7/ping-acknowledged"),
            () -> dropFromClient(f -> f.is(FrameType.PING) && f.has(Flags.ACK))),

    PING_ACK_ANSWERED("answers each PING ACK from the server with a PING ACK of the same payload",
            "RFC 9113 §6.7: an endpoint MUST NOT respond to PING frames containing the ACK flag",
            Set.of("client/6.7/ping-ack-not-answered"),
            () -> answers(f -> f.is(FrameType.PING) && f.has(Flags.ACK), f -> f)),

    SETTINGS_ACK_ANSWERED("answers each SETTINGS ACK from the server with a SETTINGS ACK",
            "RFC 9113 §6.5: the ACK flag acknowledges receipt and application of the peer's SETTINGS frame (one ACK "
                    + "for each SETTINGS, none for an ACK)",
            Set.of("client/6.5/settings-acknowledged-once-each"),
            () -> answers(f -> f.is(FrameType.SETTINGS) && f.has(Flags.ACK), f -> f)),

    CONCURRENCY_LIMIT_IGNORED("removes SETTINGS_MAX_CONCURRENT_STREAMS from the server's SETTINGS",
            "RFC 9113 §5.1.2: endpoints MUST NOT exceed the limit set by their peer",
            Set.of("client/5.1.2/max-concurrent-streams-one", "client/5.1.2/max-concurrent-streams-lowered"),
            () -> serverSettings((id, value) -> id != Numbers.SETTINGS_MAX_CONCURRENT_STREAMS)),

    STREAM_WINDOW_IGNORED("removes a SETTINGS_INITIAL_WINDOW_SIZE below 65,535 from the server's SETTINGS",
            "RFC 9113 §6.9.1/§6.9.2: a sender MUST NOT send a flow-controlled frame beyond the stream's window, "
                    + "which SETTINGS_INITIAL_WINDOW_SIZE sets (and MUST track it when it turns negative)",
            Set.of("client/6.9.1/upload-within-stream-window", "client/6.9.2/negative-window-after-settings"),
            () -> serverSettings((id, value) -> id != Numbers.SETTINGS_INITIAL_WINDOW_SIZE
                    || value >= Numbers.DEFAULT_WINDOW)),

    CONNECTION_WINDOW_OVERCOUNTED("grants the client 1 MiB more connection window than the server did",
            "RFC 9113 §6.9.1: a sender MUST NOT send a flow-controlled frame with a length that exceeds the space "
                    + "available in either of the flow-control windows",
            Set.of("client/6.9.1/upload-within-connection-window"), ClientFault::extraConnectionWindow),

    FRAME_SIZE_IGNORED("pads each of the client's 16,384-octet DATA frames with a Pad Length octet (16,385 octets)",
            "RFC 9113 §4.2: an endpoint MUST NOT send a frame larger than the peer's SETTINGS_MAX_FRAME_SIZE",
            // every case that reads a full-size DATA frame of the client's judges it against the server's limit
            Set.of("client/4.2/upload-split-at-max-frame-size", "client/6.9.1/upload-within-connection-window",
                    "client/6.9.2/negative-window-after-settings", "client/6.4/no-frames-after-rst-stream"),
            ClientFault::oversizedData),

    WINDOW_NEVER_REOPENED("drops the client's WINDOW_UPDATEs",
            "RFC 9113 §6.9.1: the receiver sends a WINDOW_UPDATE as it consumes data (a response larger than the "
                    + "window completes)",
            Set.of("client/6.9.1/large-response-completes"),
            () -> dropFromClient(f -> f.is(FrameType.WINDOW_UPDATE))),

    TABLE_SIZE_UPDATE_MISSING("removes the dynamic table size updates at the start of the client's field blocks",
            "RFC 9113 §4.3.1, RFC 7541 §4.2: after a lowered SETTINGS_HEADER_TABLE_SIZE the next block MUST start "
                    + "with a size update (the smallest, when it changed more than once)",
            Set.of("client/4.3.1/size-update-after-lowered-to-0", "client/4.3.1/size-update-after-lowered-to-100",
                    "client/hpack/4.2/smallest-size-signalled"),
            () -> new HeaderRewrite(UnaryOperator.identity(), false)),

    UNUSED_FLAG_SENT("sets the unused flag 0x10 on the client's HEADERS",
            "RFC 9113 §4.1: unused flags MUST be left unset (0x00) when sending",
            Set.of("client/4.1/no-unused-flags-sent"), ClientFault::unusedFlag),

    STREAM_ID_EVEN("puts the client's streams on even identifiers (n + 100,001)",
            "RFC 9113 §5.1.1: streams initiated by a client MUST use odd-numbered stream identifiers",
            Set.of("client/5.1.1/stream-ids-odd"),
            () -> new StreamRenumbering(c -> c % 2 == 1 ? c + Numbers.EVEN_SHIFT : c,
                    w -> w % 2 == 0 && w > Numbers.EVEN_SHIFT ? w - Numbers.EVEN_SHIFT : w)),

    STREAM_IDS_DECREASING("puts the client's streams on identifiers in reverse order (1,000,000 - n)",
            "RFC 9113 §5.1.1: a new stream's identifier MUST be greater than all streams the endpoint opened",
            Set.of("client/5.1.1/stream-ids-increasing"),
            () -> new StreamRenumbering(c -> c % 2 == 1 && c < Numbers.MIRROR / 2 ? Numbers.MIRROR - c : c,
                    w -> w % 2 == 1 && w > Numbers.MIRROR / 2 && w < Numbers.MIRROR ? Numbers.MIRROR - w : w)),

    CONNECTION_SPECIFIC_FIELD("adds connection: keep-alive to the client's requests",
            "RFC 9113 §8.2.2: an endpoint MUST NOT generate a message containing connection-specific fields",
            Set.of("client/8.2.2/request-no-connection-specific-fields"),
            () -> requests(fields -> append(fields, new HeaderField("connection", "keep-alive")))),

    TE_NOT_TRAILERS("adds te: gzip to the client's requests",
            "RFC 9113 §8.2.2: TE MUST NOT contain any value other than \"trailers\"",
            Set.of("client/8.2.2/request-te-only-trailers"),
            () -> requests(fields -> append(fields, new HeaderField("te", "gzip")))),

    HOST_NOT_AUTHORITY("adds host: example.com to the client's requests",
            "RFC 9113 §8.3.1: clients MUST NOT generate a request with a Host field that differs from :authority",
            Set.of("client/8.3.1/request-host-matches-authority"),
            () -> requests(fields -> append(fields, new HeaderField("host", "example.com")))),

    UPPERCASE_FIELD_NAME("adds X-Fault: 1 (an uppercase name) to the client's requests",
            "RFC 9113 §8.2: field names MUST be converted to lowercase",
            Set.of("client/8.2/request-names-lowercase"),
            () -> requests(fields -> append(fields, new HeaderField("X-Fault", "1")))),

    PSEUDO_AFTER_REGULAR("puts x-fault: 1 before the pseudo-header fields of the client's requests",
            "RFC 9113 §8.3: all pseudo-header fields MUST appear in a field block before all regular fields",
            Set.of("client/8.3/request-pseudo-headers-first"),
            () -> requests(fields -> insert(fields, 0, new HeaderField("x-fault", "1")))),

    PSEUDO_REPEATED("sends :path twice in the client's requests",
            "RFC 9113 §8.3.1: the same pseudo-header field name MUST NOT appear more than once",
            Set.of("client/8.3.1/request-pseudo-headers-once"),
            () -> requests(fields -> insert(fields, pseudoCount(fields), value(fields, ":path")))),

    AUTHORITY_MISSING("removes :authority from the client's requests",
            "RFC 9113 §8.3.1: clients that generate requests directly MUST use :authority",
            Set.of("client/8.3.1/request-authority-present"),
            () -> requests(fields -> fields.stream().filter(f -> !f.name().equals(":authority")).toList())),

    PATH_EMPTY("sends an empty :path in the client's requests",
            "RFC 9113 §8.3.1: :path MUST NOT be empty for http or https URIs",
            Set.of("client/8.3.1/request-path-not-empty"),
            () -> requests(fields -> fields.stream()
                    .map(f -> f.name().equals(":path") ? new HeaderField(":path", "") : f).toList())),

    UNDEFINED_PSEUDO("adds the pseudo-header field :fault to the client's requests",
            "RFC 9113 §8.3: endpoints MUST NOT generate pseudo-header fields other than those defined",
            Set.of("client/8.3/request-no-undefined-pseudo-headers"),
            () -> requests(fields -> insert(fields, pseudoCount(fields), new HeaderField(":fault", "1")))),

    RST_STREAM_ANSWERED("answers each RST_STREAM from the server with a RST_STREAM CANCEL on the same stream",
            "RFC 9113 §5.4.2: an endpoint MUST NOT send a RST_STREAM in response to a RST_STREAM frame",
            Set.of("client/6.4/no-rst-stream-in-reply"),
            () -> answers(f -> f.is(FrameType.RST_STREAM) && f.stream() != 0 && f.payload().length == 4,
                    f -> RawFrame.of(FrameType.RST_STREAM, 0, f.stream(),
                            ByteBuffer.allocate(4).putInt(ErrorCode.CANCEL.code()).array()))),

    DATA_AFTER_RST_STREAM("sends one more octet of DATA on an upload's stream once the server reset it",
            "RFC 9113 §6.4: the sender MUST NOT send additional frames on that stream (except PRIORITY)",
            Set.of("client/6.4/no-frames-after-rst-stream"), ClientFault::dataAfterReset),

    GOAWAY_IGNORED("drops the server's GOAWAY NO_ERROR before the client sees it",
            "RFC 9113 §6.8: receivers of a GOAWAY frame MUST NOT open additional streams on the connection",
            // not client/6.8/no-new-stream-after-goaway: the client opens both its streams before the GOAWAY, so it
            // has none left to open after it (NEW_STREAM_AFTER_GOAWAY opens one)
            Set.of("client/6.8/stream-above-last-retried-or-failed", "client/8.7/goaway-last-stream-zero"),
            () -> new Rewrite() {
                @Override
                public void fromServer(RawFrame f, Wire wire) throws IOException {
                    if (!(f.is(FrameType.GOAWAY) && f.stream() == 0 && f.payload().length >= 8
                            && ByteBuffer.wrap(f.payload()).getInt(4) == ErrorCode.NO_ERROR.code())) {
                        wire.toClient(f);
                    }
                }
            }),

    NEW_STREAM_AFTER_GOAWAY("opens a stream (GET /) on a connection after the client has read the server's GOAWAY "
            + "(with its first PING ACK after it)",
            "RFC 9113 §6.8: receivers of a GOAWAY frame MUST NOT open additional streams on the connection",
            Set.of("client/6.8/no-new-stream-after-goaway"), NewStreamAfterGoAway::new),

    H2_WITHOUT_ALPN("selects h2 by ALPN towards the client whatever the server selected, and passes the client's "
            + "preface on",
            "RFC 9113 §3.3: HTTP/2 connections over TLS MUST use protocol negotiation in TLS (ALPN)",
            Set.of("client/9.2/alpn-not-selected-no-h2"), () -> new Rewrite() {
                @Override
                public String tlsEstablished(javax.net.ssl.SSLSocket withServer) {
                    return io.h2scope.engine.transport.tls.TlsPolicy.H2;
                }
            }),

    PERMITTED_SUITE_REFUSED("sends GOAWAY INADEQUATE_SECURITY after the client's SETTINGS on each TLS 1.2 connection "
            + "(the relay, as h2scope's client, negotiates no prohibited suite)",
            "RFC 9113 §9.2.2: implementations MUST NOT generate INADEQUATE_SECURITY in reaction to the negotiation of "
                    + "a cipher suite that is not prohibited",
            Set.of("client/9.2.2/permitted-tls12-suite-not-refused"), ClientFault::permittedSuiteRefused),

    CONTENT_LENGTH_UNCHECKED("removes content-length from the server's responses",
            "RFC 9113 §8.1.1: a response is malformed if its content-length does not equal the sum of its DATA "
                    + "frames' payload lengths",
            Set.of("client/8.1.1/content-length-above-data", "client/8.1.1/content-length-below-data",
                    "client/8.1.1/content-length-two-values", "client/8.1.1/content-length-without-data"),
            () -> responses((lines, head) -> lines.stream()
                    .filter(l -> !l.field().name().equals("content-length")).toList())),

    MALFORMED_STATUS_ACCEPTED("gives a response head without a valid :status (three digits) :status 200",
            "RFC 9113 §8.3.2, §8.3: :status MUST be included in all responses; an invalid pseudo-header field makes "
                    + "the response malformed",
            // not client/8.3.2/interim-without-status: its status-less interim turned 200 is followed by its 200,
            // a second final head the client refuses as malformed (RFC 9113 §8.1)
            Set.of("client/8.3.2/missing-status", "client/8.3/status-two-digits", "client/8.3/status-not-numeric"),
            () -> responses((lines, head) -> head ? validStatus(lines) : lines)),

    STATUSLESS_HEAD_MADE_INTERIM("gives a response head without :status and without END_STREAM the :status 103 (an "
            + "interim response)",
            "RFC 9113 §8.3.2: :status MUST be included in all responses (an interim one too); a response without it is "
                    + "malformed",
            // client/8.3.2/missing-status keeps its verdict: its DATA after the head (interim now) is malformed too
            Set.of("client/8.3.2/interim-without-status"),
            // only a status-less head changes: client/8.3.2's cases alone send one without END_STREAM
            FaultRun.only("client/8.3.2/"),
            () -> ResponseRewrite.blocks(b -> b.head() && !b.endStream() && b.lines().stream()
                    .noneMatch(l -> l.field().name().equals(":status")) ? statusFirst("103", b.lines()) : b.lines())),

    UPPERCASE_NAME_LOWERED("lowercases the field names in the server's responses",
            "RFC 9113 §8.2.1: a field name MUST NOT contain uppercase characters (0x41-0x5a)",
            Set.of("client/8.2/uppercase-field-name"),
            () -> responses((lines, head) -> lines.stream().map(l -> new ResponseRewrite.Line(new HeaderField(
                    l.field().name().toLowerCase(java.util.Locale.ROOT), l.field().value()), l.rep())).toList())),

    CONNECTION_SPECIFIC_REMOVED("removes connection, keep-alive, proxy-connection, transfer-encoding and upgrade "
            + "from the server's responses",
            "RFC 9113 §8.2.2: a message containing connection-specific header fields MUST be treated as malformed",
            // not client/8.2.2/te-in-response: TE is excepted in requests, so a response's is judged as a SHOULD
            Set.of("client/8.2.2/connection-in-response", "client/8.2.2/keep-alive-in-response",
                    "client/8.2.2/proxy-connection-in-response", "client/8.2.2/transfer-encoding-in-response",
                    "client/8.2.2/upgrade-in-response"),
            () -> responses((lines, head) -> lines.stream()
                    .filter(l -> !Numbers.CONNECTION_FIELDS.contains(l.field().name())).toList())),

    RESPONSE_PSEUDO_UNDEFINED_REMOVED("removes the pseudo-header fields other than :status from the server's "
            + "responses",
            "RFC 9113 §8.3: request pseudo-header fields MUST NOT appear in responses; undefined pseudo-header fields "
                    + "make a response malformed",
            Set.of("client/8.3/path-in-response", "client/8.3/method-in-response",
                    "client/8.3/unknown-pseudo-header"),
            () -> responses((lines, head) -> lines.stream().filter(l -> !l.field().name().startsWith(":")
                    || l.field().name().equals(":status")).toList())),

    DATA_AFTER_END_STREAM_MERGED("moves END_STREAM from a response's DATA to a DATA the server sends right after it "
            + "on the same stream",
            "RFC 9113 §6.1, §5.1: a DATA frame on a stream that is not open or half-closed (local) MUST be answered "
                    + "with a stream error STREAM_CLOSED (and is no part of the response)",
            // client/5.1/data-on-half-closed-remote-stream: the same extra DATA, while the client still uploads
            Set.of("client/8.1/data-after-end-stream", "client/6.1/data-after-end-stream",
                    "client/5.1/data-on-half-closed-remote-stream"),
            ClientFault::endStreamMovedToLaterData),

    FIELD_CHARACTERS_REPAIRED("replaces the octets a field name must not hold (controls, SP, DEL, non-ASCII, a colon "
            + "after the first) with '-', and the CR, LF and NUL in a field value with SP, then trims the value's "
            + "leading and trailing SP and HTAB, in the server's responses",
            "RFC 9113 §8.2.1: a field name MUST NOT contain 0x00-0x20, 0x7f-0xff or a colon; a value MUST NOT "
                    + "contain NUL, LF or CR, nor start or end with SP or HTAB; such a message MUST be treated as "
                    + "malformed",
            Set.of("client/8.2/name-with-space", "client/8.2/name-with-colon", "client/8.2/name-with-delete",
                    "client/8.2/value-with-cr", "client/8.2/value-with-lf", "client/8.2/value-with-nul",
                    "client/8.2/value-leading-space", "client/8.2/value-trailing-tab"),
            () -> responses((lines, head) -> lines.stream().map(l -> new ResponseRewrite.Line(new HeaderField(
                    validName(l.field().name()), validValue(l.field().value())), l.rep())).toList())),

    PSEUDO_AFTER_REGULAR_REORDERED("moves the pseudo-header fields of the server's responses before their regular "
            + "fields",
            "RFC 9113 §8.3: a response with a pseudo-header field after a regular field line MUST be treated as "
                    + "malformed",
            Set.of("client/8.3/pseudo-header-after-regular"),
            () -> responses((lines, head) -> {
                List<ResponseRewrite.Line> ordered = new ArrayList<>(lines);
                ordered.sort(java.util.Comparator.comparing(l -> !l.field().name().startsWith(":")));
                return ordered;
            })),

    DUPLICATE_STATUS_REMOVED("keeps only the first :status of each of the server's field blocks",
            "RFC 9113 §8.3: a field block with a repeated pseudo-header field name MUST be treated as malformed",
            Set.of("client/8.3/duplicate-status"),
            () -> responses((lines, head) -> {
                List<ResponseRewrite.Line> once = new ArrayList<>();
                for (ResponseRewrite.Line l : lines) {
                    if (!l.field().name().equals(":status")
                            || once.stream().noneMatch(o -> o.field().name().equals(":status"))) {
                        once.add(l);
                    }
                }
                return once;
            })),

    WRONG_STREAM_FRAMES_DROPPED("drops the server's DATA, HEADERS, PRIORITY, RST_STREAM and CONTINUATION frames on "
            + "stream 0, and its SETTINGS, PING and GOAWAY frames on any other stream",
            "RFC 9113 §6.1-§6.5, §6.7, §6.8, §6.10: a frame on a stream its type does not allow MUST be treated as a "
                    + "connection error of type PROTOCOL_ERROR",
            Set.of("client/6.1/data-on-stream-zero", "client/6.2/headers-on-stream-zero",
                    "client/6.3/priority-on-stream-zero", "client/6.4/stream-zero",
                    "client/6.10/continuation-on-stream-zero", "client/6.5/settings-on-a-stream",
                    "client/6.7/ping-on-a-stream", "client/6.8/non-zero-stream"),
            () -> dropFromServer(f -> f.stream() == 0 ? Numbers.STREAM_FRAMES.stream().anyMatch(f::is)
                    : Numbers.CONNECTION_FRAMES.stream().anyMatch(f::is))),

    WRONG_LENGTH_FRAMES_DROPPED("drops the server's frames of a fixed length that have another: PRIORITY not 5 "
            + "octets, RST_STREAM or WINDOW_UPDATE not 4, PING not 8, SETTINGS not a multiple of 6 (an ACK not 0), "
            + "GOAWAY below 8",
            "RFC 9113 §6.3, §6.4, §6.5, §6.7, §6.9: a frame of such a length MUST be treated as a FRAME_SIZE_ERROR",
            Set.of("client/6.3/priority-of-four-octets", "client/4.2/rst-stream-of-three-octets",
                    "client/6.4/wrong-length", "client/6.9/window-update-of-three-octets",
                    "client/6.7/ping-of-six-octets", "client/6.5/settings-of-five-octets",
                    "client/6.5/settings-ack-with-payload"),
            () -> dropFromServer(ClientFault::wrongLength)),

    IDLE_STREAM_FRAMES_DROPPED("drops the server's DATA, HEADERS, RST_STREAM and WINDOW_UPDATE frames on a stream "
            + "the client has not opened and no PUSH_PROMISE reserved",
            "RFC 9113 §5.1, §5.1.1, §6.4: a frame other than HEADERS or PRIORITY on an idle stream, and HEADERS on "
                    + "an idle stream the server may not open, MUST be treated as a connection error PROTOCOL_ERROR",
            Set.of("client/5.1/data-on-idle-stream", "client/5.1.1/headers-on-odd-stream-from-server",
                    "client/5.1/headers-on-even-stream-not-promised", "client/6.4/idle-stream"),
            ClientFault::idleStreamFramesDropped),

    WINDOW_OVERFLOW_DROPPED("drops the server's WINDOW_UPDATEs that would raise a window the relay counts (the "
            + "server's increments less the client's DATA) above 2^31-1, and a SETTINGS_INITIAL_WINDOW_SIZE above "
            + "2^31-1 or that would raise a stream's window there",
            "RFC 9113 §6.9.1, §6.9.2, §6.5.2: a flow-control window above 2^31-1, and an initial window size above "
                    + "it, MUST be answered with FLOW_CONTROL_ERROR (a connection error but for a stream's window)",
            Set.of("client/6.5.2/initial-window-size-above-maximum", "client/6.9.1/connection-window-above-maximum",
                    "client/6.9.1/stream-window-above-maximum", "client/6.9.2/initial-window-size-overflow"),
            WindowBounds::new),

    HPACK_ERROR_CUT("gives the client, for a response field block the relay's HPACK decoder refuses, the fields "
            + "decoded before the error, with :status 200 first when none came before it",
            "RFC 9113 §4.3, RFC 7541: a field block that cannot be decoded MUST be treated as a connection error "
                    + "of type COMPRESSION_ERROR",
            Set.of("client/4.3/block-truncated-inside-integer", "client/hpack/2.3.3/index-beyond-empty-table",
                    "client/hpack/2.3.3/index-just-beyond-dynamic-table", "client/hpack/2.3.3/name-index-beyond-tables",
                    "client/hpack/4.1/entry-size-without-huffman", "client/hpack/4.3/size-update-evicts",
                    "client/hpack/4.4/entry-larger-than-table-empties-it", "client/hpack/4.4/evicted-entry-referenced",
                    "client/hpack/5.1/index-beyond-64-bits", "client/hpack/5.1/index-wraps-at-32-bits",
                    "client/hpack/5.1/length-wraps-at-32-bits", "client/hpack/5.1/size-update-wraps-at-32-bits",
                    "client/hpack/5.2/huffman-eos-symbol", "client/hpack/5.2/huffman-padding-not-eos",
                    "client/hpack/5.2/huffman-padding-over-7-bits", "client/hpack/5.2/string-past-block-end",
                    "client/hpack/6.1/index-zero"),
            () -> new ResponseRewrite((lines, head) -> lines, (lines, head) -> head ? validStatus(lines) : lines)),

    ZERO_INCREMENT_DROPPED("drops the server's WINDOW_UPDATEs with an increment of 0",
            "RFC 9113 §6.9: a WINDOW_UPDATE with an increment of 0 MUST be treated as a stream error of type "
                    + "PROTOCOL_ERROR (a connection error on stream 0)",
            Set.of("client/6.9/zero-increment-on-stream", "client/6.9/zero-increment-on-connection"),
            () -> dropFromServer(f -> f.is(FrameType.WINDOW_UPDATE) && f.payload().length == 4 && f.intAt(0) == 0)),

    OVERSIZED_DATA_SPLIT("splits the server's unpadded DATA frames longer than the client's SETTINGS_MAX_FRAME_SIZE "
            + "into DATA frames within it",
            "RFC 9113 §4.2: a frame that exceeds SETTINGS_MAX_FRAME_SIZE MUST be answered with FRAME_SIZE_ERROR",
            Set.of("client/4.2/data-above-max-frame-size"), OversizedDataSplit::new),

    OVERSIZED_FIELD_CUT("cuts each field value of the server's responses longer than 16,384 octets to its first 16 "
            + "(the block then goes on as one HEADERS within the client's SETTINGS_MAX_FRAME_SIZE)",
            "RFC 9113 §4.2: a frame carrying a field block that exceeds SETTINGS_MAX_FRAME_SIZE MUST be treated as a "
                    + "connection error of type FRAME_SIZE_ERROR",
            // a split HEADERS would not do: the block's fields would still be over the client's
            // SETTINGS_MAX_HEADER_LIST_SIZE (16,384, as its frame size), which it refuses with RST_STREAM (§10.5.1)
            Set.of("client/4.2/headers-above-max-frame-size"),
            () -> responses((lines, head) -> lines.stream().map(l -> l.field().value().length() <= Numbers.LONG_VALUE
                    ? l : new ResponseRewrite.Line(new HeaderField(l.field().name(),
                            l.field().value().substring(0, Numbers.CUT_VALUE)), l.rep())).toList())),

    PADDING_SHORTENED("lowers a Pad Length that reaches past the end of the server's DATA or HEADERS frame to the "
            + "largest that fits (the frame's length unchanged, at most one octet of it content)",
            "RFC 9113 §6.1, §6.2: padding as long as the frame payload or longer MUST be treated as a connection "
                    + "error of type PROTOCOL_ERROR",
            Set.of("client/6.1/padding-as-long-as-payload", "client/6.2/padding-as-long-as-payload"),
            ClientFault::paddingShortened),

    CONTINUATION_SEQUENCE_REPAIRED("ends each field block of the server's that another frame interrupts with an empty "
            + "CONTINUATION with END_HEADERS, and drops CONTINUATION frames outside a block or on another stream",
            "RFC 9113 §6.2, §6.10, §5.5: a block without END_HEADERS MUST be followed by a CONTINUATION on its stream "
                    + "(no other frame, an extension frame neither), and a "
                    + "CONTINUATION MUST follow a frame of its block without END_HEADERS; anything else is a "
                    + "connection error of type PROTOCOL_ERROR",
            Set.of("client/6.2/ping-inside-field-block", "client/6.2/data-instead-of-continuation",
                    "client/5.5/unknown-frame-inside-field-block",
                    "client/6.10/continuation-without-headers", "client/6.10/continuation-after-end-headers",
                    "client/6.10/continuation-on-another-stream", "client/6.10/data-after-unfinished-continuation",
                    "client/6.10/continuation-on-stream-zero"),
            ContinuationRepair::new),

    SETTINGS_OUT_OF_RANGE_REMOVED("removes from the server's SETTINGS an SETTINGS_ENABLE_PUSH other than 0, an "
            + "SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1 and a SETTINGS_MAX_FRAME_SIZE outside 2^14..2^24-1",
            "RFC 9113 §6.5.2: a server MUST NOT set ENABLE_PUSH (any value but 0 or 1 is an error); an initial "
                    + "window size above 2^31-1 is a FLOW_CONTROL_ERROR; a MAX_FRAME_SIZE out of range a "
                    + "PROTOCOL_ERROR",
            Set.of("client/6.5.2/enable-push-two", "client/6.5.2/enable-push-one-from-server",
                    "client/6.5.2/initial-window-size-above-maximum", "client/6.5.2/max-frame-size-below-initial",
                    "client/6.5.2/max-frame-size-above-maximum"),
            () -> serverSettings((id, value) -> id == Numbers.SETTINGS_ENABLE_PUSH ? value == 0
                    : id == Numbers.SETTINGS_INITIAL_WINDOW_SIZE ? value <= io.h2scope.engine.flow.FlowWindow.MAX_SIZE
                    : id != Numbers.SETTINGS_MAX_FRAME_SIZE || value >= FrameSizes.DEFAULT_MAX_FRAME_SIZE
                            && value <= FrameSizes.MAX_FRAME_SIZE_LIMIT)),

    CUT_RESPONSE_ENDED("when the server closes the connection, ends each response it began and left unfinished "
            + "with a DATA with END_STREAM carrying the octets its content-length still lacks (none without one)",
            "RFC 9113 §8.1: an HTTP response is complete after the server sends a frame with the END_STREAM flag set "
                    + "(a connection closed before it leaves the response incomplete, never a success)",
            // client/6.8/goaway-mid-body-then-close: the same cut response, its connection closed after a GOAWAY
            Set.of("client/8.1/closed-mid-body-without-length", "client/8.1/closed-after-headers",
                    "client/8.1/closed-mid-body", "client/6.8/goaway-mid-body-then-close"),
            CutResponseEnded::new),

    TRAILER_PSEUDO_REMOVED("removes the pseudo-header fields from the server's trailers (a field block after the "
            + "final response head)",
            "RFC 9113 §8.1: an endpoint that receives pseudo-header fields in trailers MUST treat the request or "
                    + "response as malformed",
            Set.of("client/8.1/pseudo-header-in-trailers"),
            () -> responses((lines, head) -> head ? lines
                    : lines.stream().filter(l -> !l.field().name().startsWith(":")).toList())),

    HEADERS_AFTER_FINAL_DROPPED("drops a field block of the server's without END_STREAM that follows the final "
            + "response head on its stream (a second response head, or trailers that do not end the stream)",
            "RFC 9113 §8.1: an endpoint that receives a HEADERS frame without the END_STREAM flag set after receiving "
                    + "the HEADERS frame that opens a request or after receiving a final (non-informational) status "
                    + "code MUST treat the corresponding request or response as malformed",
            Set.of("client/8.1/trailers-without-end-stream", "client/8.1/second-response-headers"),
            () -> ResponseRewrite.blocks(b -> !b.head() && !b.endStream() ? null : b.lines())),

    INFORMATIONAL_END_STREAM_FINAL("gives a response HEADERS with END_STREAM and an informational (1xx) :status the "
            + ":status 200",
            "RFC 9113 §8.1: a HEADERS frame with the END_STREAM flag set that carries an informational status code is "
                    + "malformed",
            Set.of("client/8.1/informational-with-end-stream"),
            // only a response's HEADERS with END_STREAM and a 1xx status changes: client/8.1's case alone sends one
            FaultRun.only("client/8.1/"),
            () -> ResponseRewrite.blocks(b -> b.head() && b.endStream() ? finalStatus(b.lines()) : b.lines())),

    RESPONSE_HEAD_INSERTED("puts a HEADERS :status 200 (from the static table) before the server's DATA on a stream "
            + "the client opened and the server sent no response head on",
            "RFC 9113 §8.1.1: a response is malformed if it is invalid due to the presence of extraneous frames (a "
                    + "DATA before the HEADERS that opens it)",
            Set.of("client/8.1.1/data-before-headers"), ClientFault::responseHeadInserted),

    SERVER_PREFACE_INSERTED("puts an empty SETTINGS before the server's first frame when that is not SETTINGS (and "
            + "drops the client's ACK of it)",
            "RFC 9113 §3.4: the server connection preface consists of a potentially empty SETTINGS frame that MUST be "
                    + "the first frame the server sends; an invalid preface is a connection error of type "
                    + "PROTOCOL_ERROR",
            Set.of("client/3.2/upgrade-then-headers-before-settings", "client/3.2/upgrade-then-ping-before-settings",
                    "client/3.2/upgrade-then-window-update-before-settings"), ClientFault::serverPrefaceInserted),

    REFUSED_STREAM_ANSWERED("puts a response of its own (HEADERS :status 200 with END_STREAM, from the static table) in "
            + "place of the server's RST_STREAM REFUSED_STREAM",
            "RFC 9113 §8.7: a request on a stream reset with REFUSED_STREAM was not processed (it can be safely "
                    + "retried), so it has no response to report",
            Set.of("client/8.7/refused-stream-get", "client/8.7/refused-stream-post"),
            // its server refuses the streams opened beyond the lowered limit before the ACK, and judges the retries
            // after it: answered in the server's place, they are never retried
            Set.of("client/5.1.2/max-concurrent-streams-lowered"),
            ClientFault::refusedStreamAnswered),

    CLOSED_CONNECTION_ANSWERED("when the server closes the connection without GOAWAY, answers in its place each "
            + "request it left without a response head (HEADERS :status 200 with END_STREAM, from the static table)",
            "RFC 9113 §5.4.3, §8.7: streams still open when the TCP connection closes were not answered (they cannot "
                    + "be automatically retried), so their requests have no response to report",
            Set.of("client/8.7/closed-before-response"),
            // only a close without GOAWAY that leaves a request unanswered changes: client/8.7's case closes so; the
            // cases of client/8.1 that close mid-response sent a head first (CUT_RESPONSE_ENDED's)
            FaultRun.only("client/8.7/"), ClosedConnectionAnswered::new),

    RESET_RESPONSE_COMPLETED("puts in place of the server's RST_STREAM (but REFUSED_STREAM) on a stream whose request "
            + "the client sent whole and whose response the server had not ended: the octets the response's "
            + "content-length still lacks (none without one) in a DATA with END_STREAM, after a HEADERS :status 200 "
            + "(from the static table) when no response head came",
            "RFC 9113 §6.4: the RST_STREAM frame fully terminates the referenced stream (what came before it is no "
                    + "complete response)",
            Set.of("client/6.4/cancel-mid-body", "client/6.4/internal-error-mid-body",
                    "client/6.4/internal-error-before-response", "client/6.4/no-error-before-response"),
            // the server resets a stream whose request and response are both unfinished only in client/6.4's cases
            // (REFUSED_STREAM aside, REFUSED_STREAM_ANSWERED's)
            FaultRun.only("client/6.4/"), ResetResponseCompleted::new),

    PING_FLOOD_UNANSWERED("drops the server's PINGs after the first " + Numbers.PINGS_PASSED + " on a connection "
            + "(the client answers only those, below its own flood limit)",
            "RFC 9113 §6.7, §10.5: receivers of a PING frame without the ACK flag MUST send a PING frame with the ACK "
                    + "flag set in response (or treat a flood as a connection error of type ENHANCE_YOUR_CALM)",
            Set.of("client/10.5/ping-flood"),
            // no other case's server sends more than a few PINGs on a connection
            FaultRun.only("client/10.5/"), ClientFault::pingFloodUnanswered),

    UNSAFE_PROMISE_RESET_DROPPED("drops the client's RST_STREAM on the streams the server promised",
            "RFC 9113 §8.4.1: a client that receives a PUSH_PROMISE whose :method is not safe MUST respond on the "
                    + "promised stream with a stream error of type PROTOCOL_ERROR",
            Set.of("client/8.4.1/push-promise-unsafe-method"), FaultRun.withPush(Numbers.PUSH_CASES),
            ClientFault::promiseResetDropped),

    PUSH_RESET_WITH_PROTOCOL_ERROR("answers each PUSH_PROMISE of the server's with RST_STREAM PROTOCOL_ERROR on the "
            + "promised stream, as the client",
            "RFC 9113 §8.4.2: a client that does not wish to receive a pushed response resets the promised stream "
                    + "using either the CANCEL or REFUSED_STREAM code",
            Set.of("client/8.4/push-accepted-or-refused"), FaultRun.withPush(Numbers.PUSH_CASES),
            () -> answers(f -> f.is(FrameType.PUSH_PROMISE) && f.payload().length >= promisedAt(f) + 4,
                    f -> RawFrame.of(FrameType.RST_STREAM, 0, f.intAt(promisedAt(f)),
                            ByteBuffer.allocate(4).putInt(ErrorCode.PROTOCOL_ERROR.code()).array()))),

    TABLE_SIZE_UPDATE_CAPPED("lowers a dynamic table size update at the start of the server's field blocks that is "
            + "above the client's SETTINGS_HEADER_TABLE_SIZE to that limit",
            "RFC 7541 §6.3: the new maximum size MUST be lower than or equal to the limit determined by the protocol "
                    + "using HPACK; a value that exceeds this limit MUST be treated as a decoding error",
            Set.of("client/hpack/6.3/size-update-above-limit"), TableSizeCapped::new),

    PUSH_PROMISE_DROPPED("drops the server's PUSH_PROMISE frames",
            "RFC 9113 §6.5.2: a client that set SETTINGS_ENABLE_PUSH 0 and had it acknowledged MUST treat a "
                    + "PUSH_PROMISE as a connection error of type PROTOCOL_ERROR",
            Set.of("client/8.4/push-promise-when-disabled"),
            () -> dropFromServer(f -> f.is(FrameType.PUSH_PROMISE)));

    /** The numbers the faults use, apart so that the constants above may name them. */
    private static final class Numbers {
        static final int SETTINGS_MAX_CONCURRENT_STREAMS = io.h2scope.engine.settings.SettingId.MAX_CONCURRENT_STREAMS.code();
        static final int SETTINGS_INITIAL_WINDOW_SIZE = io.h2scope.engine.settings.SettingId.INITIAL_WINDOW_SIZE.code();
        static final int SETTINGS_ENABLE_PUSH = io.h2scope.engine.settings.SettingId.ENABLE_PUSH.code();
        static final int SETTINGS_MAX_FRAME_SIZE = io.h2scope.engine.settings.SettingId.MAX_FRAME_SIZE.code();
        static final long DEFAULT_WINDOW = io.h2scope.engine.flow.FlowWindow.DEFAULT_INITIAL_SIZE;
        /** A field value longer than this cannot fit in a frame of the default SETTINGS_MAX_FRAME_SIZE. */
        static final int LONG_VALUE = FrameSizes.DEFAULT_MAX_FRAME_SIZE;
        /** What {@link ClientFault#OVERSIZED_FIELD_CUT} keeps of a long value. */
        static final int CUT_VALUE = 16;
        static final String TLS_1_2 = "TLSv1.2";
        /** The 101 that accepts an h2c Upgrade, as the stage sends it. */
        static final String SWITCH_TO_H2C = Http1Side.switchingProtocols(Http1Side.H2C_SWITCH);
        /** What {@link ClientFault#PING_FLOOD_UNANSWERED} passes on: well below h2scope's PING burst (1,000). */
        static final int PINGS_PASSED = 100;
        /** The cases of client/8.4, the only ones a client that allows push is run through. */
        static final String PUSH_CASES = "client/8.4";
        static final int EVEN_SHIFT = 100_001;
        static final int MIRROR = 1_000_000;
        /** The payload of the PING {@link ClientFault#SETTINGS_NOT_FIRST} puts first: "fault!!!". */
        static final long FAULT_PING = 0x6661_756c_7421_2121L;
        /** The connection-specific fields of RFC 9113 §8.2.2 (TE aside). */
        static final Set<String> CONNECTION_FIELDS = Set.of("connection", "keep-alive", "proxy-connection",
                "transfer-encoding", "upgrade");
        /** A valid :status value: three digits (RFC 9110 §15). */
        static final java.util.regex.Pattern STATUS = java.util.regex.Pattern.compile("[0-9]{3}");
        /** The frame types that belong to the connection, never to a stream (RFC 9113 §6). */
        static final List<FrameType> CONNECTION_FRAMES = List.of(FrameType.SETTINGS, FrameType.PING,
                FrameType.GOAWAY);
        /** The frame types the server sends on a stream, dropped when it is idle (PRIORITY is allowed there). */
        static final List<FrameType> NOT_ON_IDLE = List.of(FrameType.DATA, FrameType.HEADERS, FrameType.RST_STREAM,
                FrameType.WINDOW_UPDATE);
        /** The frame types that belong to a stream, never to stream 0 (RFC 9113 §6). */
        static final List<FrameType> STREAM_FRAMES = List.of(FrameType.DATA, FrameType.HEADERS, FrameType.PRIORITY,
                FrameType.RST_STREAM, FrameType.CONTINUATION);
    }

    private final String does;
    private final String rule;
    private final Set<String> caughtBy;
    private final Set<String> unjudged;
    private final FaultRun run;
    private final Supplier<Rewrite> rewrite;

    ClientFault(String does, String rule, Set<String> caughtBy, Supplier<Rewrite> rewrite) {
        this(does, rule, caughtBy, Set.of(), FaultRun.WHOLE_SUITE, rewrite);
    }

    ClientFault(String does, String rule, Set<String> caughtBy, Set<String> unjudged, Supplier<Rewrite> rewrite) {
        this(does, rule, caughtBy, unjudged, FaultRun.WHOLE_SUITE, rewrite);
    }

    ClientFault(String does, String rule, Set<String> caughtBy, FaultRun run, Supplier<Rewrite> rewrite) {
        this(does, rule, caughtBy, Set.of(), run, rewrite);
    }

    ClientFault(String does, String rule, Set<String> caughtBy, Set<String> unjudged, FaultRun run,
            Supplier<Rewrite> rewrite) {
        this.does = does;
        this.rule = rule;
        this.caughtBy = caughtBy;
        this.unjudged = unjudged;
        this.run = run;
        this.rewrite = rewrite;
    }

    /** What the relay does, in words ("drops the client's PING ACKs"). */
    String does() {
        return does;
    }

    /** The rule it breaks: the RFC section and the gist of its sentence. */
    String rule() {
        return rule;
    }

    /** The ids of the cases that judge that rule: the ones the fault's run must FAIL, and only those. */
    Set<String> caughtBy() {
        return caughtBy;
    }

    /**
     * The ids of the cases that need the rule kept to exercise their own: SKIP or INCONCLUSIVE in the fault's run,
     * saying why, never FAIL.
     */
    Set<String> unjudged() {
        return unjudged;
    }

    /** Which client the fault's run drives, through which cases. */
    FaultRun run() {
        return run;
    }

    /** Whether this is a fault-free run, the baseline of others. */
    boolean isBaseline() {
        return this == NONE || this == NONE_WITH_PUSH;
    }

    /** The fault-free run this fault's verdicts are compared with: the same client's. */
    ClientFault baseline() {
        return run.push() ? NONE_WITH_PUSH : NONE;
    }

    /** The fault's rewriting of one new connection. */
    Rewrite open() {
        return rewrite.get();
    }

    private interface FramePredicate {
        boolean test(RawFrame f);
    }

    private static Rewrite dropFromClient(FramePredicate drop) {
        return new Rewrite() {
            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (!drop.test(f)) {
                    wire.toServer(f);
                }
            }
        };
    }

    private static Rewrite dropFromServer(FramePredicate drop) {
        return new Rewrite() {
            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                if (!drop.test(f)) {
                    wire.toClient(f);
                }
            }
        };
    }

    /** Whether {@code f} is of a type whose payload length is fixed, and has another (RFC 9113 §6). */
    private static boolean wrongLength(RawFrame f) {
        int length = f.payload().length;
        if (f.is(FrameType.SETTINGS)) {
            return f.has(Flags.ACK) ? length != 0 : length % 6 != 0;
        }
        return f.is(FrameType.PRIORITY) && length != 5
                || (f.is(FrameType.RST_STREAM) || f.is(FrameType.WINDOW_UPDATE)) && length != 4
                || f.is(FrameType.PING) && length != 8
                || f.is(FrameType.GOAWAY) && length < 8;
    }

    /** Drops the server's frames on streams neither the client opened nor a PUSH_PROMISE reserved. */
    private static Rewrite idleStreamFramesDropped() {
        return new Rewrite() {
            private final Set<Integer> open = ConcurrentHashMap.newKeySet();

            @Override
            public String upgradeRequest(String head) {
                open.add(1); // the upgraded request is stream 1 (RFC 9113 §3.2)
                return head;
            }

            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (f.is(FrameType.HEADERS)) {
                    open.add(f.stream());
                }
                wire.toServer(f);
            }

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                if (f.is(FrameType.PUSH_PROMISE) && f.payload().length >= promisedAt(f) + 4) {
                    open.add(f.intAt(promisedAt(f)));
                }
                if (f.stream() == 0 || open.contains(f.stream())
                        || Numbers.NOT_ON_IDLE.stream().noneMatch(f::is)) {
                    wire.toClient(f);
                }
            }
        };
    }

    /**
     * Lowers the Pad Length of each DATA and HEADERS frame of the server's whose padding reaches past its end to the
     * largest that fits, leaving one octet of content when there is room for it: the frame's length, and so its share
     * of flow control, is unchanged.
     */
    private static Rewrite paddingShortened() {
        return new Rewrite() {
            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                boolean padded = (f.is(FrameType.DATA) || f.is(FrameType.HEADERS)) && f.has(Flags.PADDED)
                        && f.payload().length > 0;
                int start = 1 + (f.is(FrameType.HEADERS) && f.has(Flags.PRIORITY) ? 5 : 0);
                if (padded && (f.payload()[0] & 0xff) > f.payload().length - start) {
                    byte[] shortened = f.payload().clone();
                    shortened[0] = (byte) Math.max(0, f.payload().length - start - 1);
                    f = f.withPayload(shortened);
                }
                wire.toClient(f);
            }
        };
    }

    private static Rewrite permittedSuiteRefused() {
        return new Rewrite() {
            private volatile boolean tls12;
            private boolean refused;

            @Override
            public String tlsEstablished(javax.net.ssl.SSLSocket withServer) {
                tls12 = Numbers.TLS_1_2.equals(withServer.getSession().getProtocol());
                return Rewrite.super.tlsEstablished(withServer);
            }

            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                wire.toServer(f);
                if (tls12 && !refused && f.is(FrameType.SETTINGS) && !f.has(Flags.ACK)) {
                    refused = true;
                    wire.toServer(RawFrame.of(FrameType.GOAWAY, 0, 0,
                            ByteBuffer.allocate(8).putInt(0).putInt(ErrorCode.INADEQUATE_SECURITY.code()).array()));
                }
            }
        };
    }

    private static Rewrite pingBeforeSettings() {
        return new Rewrite() {
            private boolean first = true;

            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (first) {
                    first = false;
                    wire.toServer(RawFrame.of(FrameType.PING, 0, 0,
                            ByteBuffer.allocate(8).putLong(Numbers.FAULT_PING).array()));
                }
                wire.toServer(f);
            }

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                boolean ourAck = f.is(FrameType.PING) && f.has(Flags.ACK) && f.payload().length == 8
                        && ByteBuffer.wrap(f.payload()).getLong() == Numbers.FAULT_PING;
                if (!ourAck) {
                    wire.toClient(f);
                }
            }
        };
    }

    /** Forwards the server's frames, and answers each one {@code when} takes with {@code answer}'s, to the server. */
    private static Rewrite answers(FramePredicate when, UnaryOperator<RawFrame> answer) {
        return new Rewrite() {
            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                wire.toClient(f);
                if (when.test(f)) {
                    wire.toServer(answer.apply(f));
                }
            }
        };
    }

    /** Gives a response head to DATA that came without one, so that the client sees a well-formed response. */
    private static Rewrite responseHeadInserted() {
        return new Rewrite() {
            private final Set<Integer> opened = ConcurrentHashMap.newKeySet();
            private final Set<Integer> answered = new HashSet<>();

            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (f.is(FrameType.HEADERS)) {
                    opened.add(f.stream());
                }
                wire.toServer(f);
            }

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                if (f.is(FrameType.HEADERS)) {
                    answered.add(f.stream());
                } else if (f.is(FrameType.DATA) && opened.contains(f.stream()) && answered.add(f.stream())) {
                    wire.toClient(RawFrame.status200(f.stream(), Flags.END_HEADERS));
                }
                wire.toClient(f);
            }
        };
    }

    /** Gives the server the preface it did not send; the client's ACK of it is the relay's, not the server's. */
    /** The server's HTTP/1.1 answer to the client's Upgrade request as {@code answer} makes it. */
    private static Rewrite upgradeAnswer(UnaryOperator<String> answer) {
        return new Rewrite() {
            @Override
            public String upgradeResponse(String head) {
                return answer.apply(head);
            }
        };
    }

    private static Rewrite serverPrefaceInserted() {
        return new Rewrite() {
            private boolean first = true;
            private volatile boolean inserted;
            private boolean ackDropped;

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                if (first && !f.is(FrameType.SETTINGS)) {
                    inserted = true;
                    wire.toClient(RawFrame.of(FrameType.SETTINGS, 0, 0, new byte[0]));
                }
                first = false;
                wire.toClient(f);
            }

            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (inserted && !ackDropped && f.is(FrameType.SETTINGS) && f.has(Flags.ACK)) {
                    ackDropped = true; // the first ACK answers the first SETTINGS the client read: the relay's
                    return;
                }
                wire.toServer(f);
            }
        };
    }

    /** Answers in the server's place each request it refused: the client sees a response no server sent. */
    private static Rewrite refusedStreamAnswered() {
        return new Rewrite() {
            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                boolean refused = f.is(FrameType.RST_STREAM) && f.payload().length == 4
                        && f.intAt(0) == ErrorCode.REFUSED_STREAM.code();
                wire.toClient(refused ? RawFrame.status200(f.stream(), Flags.END_STREAM | Flags.END_HEADERS) : f);
            }
        };
    }

    private static Rewrite dataAfterReset() {
        return new Rewrite() {
            /** Streams whose request body the client has started and not ended. */
            private final Set<Integer> uploading = ConcurrentHashMap.newKeySet();

            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (f.is(FrameType.DATA)) {
                    if (f.has(Flags.END_STREAM)) {
                        uploading.remove(f.stream());
                    } else {
                        uploading.add(f.stream());
                    }
                }
                wire.toServer(f);
            }

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                wire.toClient(f);
                if (f.is(FrameType.RST_STREAM) && uploading.remove(f.stream())) {
                    wire.toServer(RawFrame.of(FrameType.DATA, 0, f.stream(), new byte[] {'!'}));
                }
            }
        };
    }

    private static Rewrite unusedFlag() {
        return new Rewrite() {
            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                wire.toServer(f.is(FrameType.HEADERS) ? f.withFlags(f.flags() | 0x10) : f);
            }
        };
    }

    private static Rewrite extraConnectionWindow() {
        return new Rewrite() {
            private boolean granted;

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                wire.toClient(f);
                if (!granted && f.is(FrameType.SETTINGS) && !f.has(Flags.ACK)) {
                    granted = true;
                    wire.toClient(RawFrame.of(FrameType.WINDOW_UPDATE, 0, 0,
                            ByteBuffer.allocate(4).putInt(1 << 20).array()));
                }
            }
        };
    }

    private static Rewrite oversizedData() {
        return new Rewrite() {
            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (f.is(FrameType.DATA) && !f.has(Flags.PADDED)
                        && f.payload().length == FrameSizes.DEFAULT_MAX_FRAME_SIZE) {
                    byte[] padded = new byte[f.payload().length + 1]; // Pad Length 0, then the data
                    System.arraycopy(f.payload(), 0, padded, 1, f.payload().length);
                    f = f.withFlags(f.flags() | Flags.PADDED).withPayload(padded);
                }
                wire.toServer(f);
            }
        };
    }

    private interface SettingFilter {
        boolean keep(int id, long value);
    }

    /** Passes every SETTINGS from the server (not ACKs) through {@code keep}. */
    private static Rewrite serverSettings(SettingFilter keep) {
        return new Rewrite() {
            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                wire.toClient(f.is(FrameType.SETTINGS) && !f.has(Flags.ACK) && f.payload().length % 6 == 0
                        ? f.withPayload(settings(f, keep)) : f);
            }
        };
    }

    /** The settings of {@code f} that {@code keep} keeps, as a SETTINGS payload. */
    private static byte[] settings(RawFrame f, SettingFilter keep) {
        return RawFrame.settingsPayload(f.settings().stream().filter(s -> keep.keep(s.id(), s.value())).toList());
    }

    private static Rewrite responses(ResponseRewrite.Change change) {
        return new ResponseRewrite(change);
    }

    /** {@code lines} with each invalid :status turned 200, and :status 200 first when there is none. */
    private static List<ResponseRewrite.Line> validStatus(List<ResponseRewrite.Line> lines) {
        List<ResponseRewrite.Line> valid = lines.stream().map(l -> l.field().name().equals(":status")
                && !Numbers.STATUS.matcher(l.field().value()).matches()
                ? new ResponseRewrite.Line(new HeaderField(":status", "200"), l.rep()) : l).toList();
        return valid.stream().anyMatch(l -> l.field().name().equals(":status")) ? valid : statusFirst("200", valid);
    }

    /**
     * Holds each DATA that ends a stream until the server's next frame: when that is a DATA on the same stream, the
     * END_STREAM moves to it, so that the client reads both as the response's body.
     */
    private static Rewrite endStreamMovedToLaterData() {
        return new Rewrite() {
            private RawFrame ending;

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                if (ending != null && f.is(FrameType.DATA) && f.stream() == ending.stream()) {
                    wire.toClient(ending.withFlags(ending.flags() & ~Flags.END_STREAM));
                    ending = null;
                    wire.toClient(f.withFlags(f.flags() | Flags.END_STREAM));
                    return;
                }
                serverPaused(wire);
                if (f.is(FrameType.DATA) && f.has(Flags.END_STREAM)) {
                    ending = f;
                } else {
                    wire.toClient(f);
                }
            }

            @Override
            public void serverPaused(Wire wire) throws IOException {
                if (ending != null) {
                    wire.toClient(ending);
                    ending = null;
                }
            }
        };
    }

    /** {@code lines} with an informational (1xx) :status turned 200. */
    private static List<ResponseRewrite.Line> finalStatus(List<ResponseRewrite.Line> lines) {
        return lines.stream().map(l -> l.field().name().equals(":status") && l.field().value().startsWith("1")
                ? new ResponseRewrite.Line(new HeaderField(":status", "200"), l.rep()) : l).toList();
    }

    /** {@code lines} after {@code :status status}, a literal that leaves the client's table as it is. */
    private static List<ResponseRewrite.Line> statusFirst(String status, List<ResponseRewrite.Line> lines) {
        List<ResponseRewrite.Line> withStatus = new ArrayList<>(lines);
        withStatus.add(0, new ResponseRewrite.Line(new HeaderField(":status", status),
                io.h2scope.engine.hpack.Representation.LITERAL_NOT_INDEXED));
        return withStatus;
    }

    /** Where a PUSH_PROMISE's Promised Stream ID starts in its payload (after the Pad Length octet, if any). */
    private static int promisedAt(RawFrame pushPromise) {
        return pushPromise.has(Flags.PADDED) ? 1 : 0;
    }

    private static Rewrite pingFloodUnanswered() {
        return new Rewrite() {
            private int pings;

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                if (!(f.is(FrameType.PING) && !f.has(Flags.ACK) && ++pings > Numbers.PINGS_PASSED)) {
                    wire.toClient(f);
                }
            }
        };
    }

    /** Drops the client's RST_STREAM on each stream a PUSH_PROMISE of the server's reserved. */
    private static Rewrite promiseResetDropped() {
        return new Rewrite() {
            private final Set<Integer> promised = ConcurrentHashMap.newKeySet();

            @Override
            public void fromServer(RawFrame f, Wire wire) throws IOException {
                if (f.is(FrameType.PUSH_PROMISE) && f.payload().length >= promisedAt(f) + 4) {
                    promised.add(f.intAt(promisedAt(f)));
                }
                wire.toClient(f);
            }

            @Override
            public void fromClient(RawFrame f, Wire wire) throws IOException {
                if (!(f.is(FrameType.RST_STREAM) && promised.contains(f.stream()))) {
                    wire.toServer(f);
                }
            }
        };
    }

    /** {@code name} with each octet RFC 9113 §8.2.1 forbids, uppercase aside, turned '-'. */
    private static String validName(String name) {
        StringBuilder valid = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean forbidden = c <= 0x20 || c >= 0x7f || c == ':' && i > 0;
            valid.append(forbidden ? '-' : c);
        }
        return valid.toString();
    }

    /** {@code value} with NUL, LF and CR turned SP, then without leading or trailing SP and HTAB (RFC 9113 §8.2.1). */
    private static String validValue(String value) {
        return value.replaceAll("[\\x00\\n\\r]", " ").replaceAll("^[ \\t]+|[ \\t]+$", "");
    }

    private static Rewrite requests(UnaryOperator<List<HeaderField>> change) {
        return new HeaderRewrite(change, true);
    }

    private static List<HeaderField> append(List<HeaderField> fields, HeaderField extra) {
        return insert(fields, fields.size(), extra);
    }

    private static List<HeaderField> insert(List<HeaderField> fields, int at, HeaderField extra) {
        List<HeaderField> changed = new ArrayList<>(fields);
        changed.add(at, extra);
        return changed;
    }

    private static int pseudoCount(List<HeaderField> fields) {
        return (int) fields.stream().takeWhile(f -> f.name().startsWith(":")).count();
    }

    private static HeaderField value(List<HeaderField> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }
}
