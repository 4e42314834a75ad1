package io.h2scope.conformance.embedded;

import io.h2scope.engine.testing.fault.Fault;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/** Which cases catch each {@link Fault}: the table of docs/CONFORMANCE.md, checked by {@link FaultInjection}. */
final class FaultCatalog {

    static final Map<Fault, Set<String>> CATCHES = new EnumMap<>(Fault.class);

    /**
     * Cases that must still PASS with the fault on: the fault is a reaction the case could wrongly blame on what it
     * tests (a GOAWAY PROTOCOL_ERROR to any error code, known or not), and the case's control tells them apart.
     */
    static final Map<Fault, Set<String>> ATTRIBUTED = new EnumMap<>(Fault.class);

    /** The cases that send a SETTINGS frame after the handshake and wait for its ACK before going on. */
    private static final String[] LATER_SETTINGS_ACKED = {
        "http2/6.5.3/settings-acknowledged", "http2/6.5.3/values-in-order", "generic/3.5/settings",
        "generic/2/window-update-on-half-closed-remote", "generic/2/priority-on-half-closed-remote",
        "http2/5.1/half-closed-remote-data", "http2/5.1/half-closed-remote-headers",
        "http2/5.1/half-closed-remote-continuation", "http2/5.1.1/headers-on-half-closed-remote",
        "http2/6.9.1/respects-window-of-1", "http2/6.9.2/window-grows-with-setting", "http2/6.9.2/negative-window",
        "security/zero-window-stall", "security/zero-window-stall-reset", "http2/5.1/closed-after-rst-data", "http2/5.1/closed-after-rst-headers",
        "http2/5.1/closed-after-rst-continuation", "http2/6.1/not-open-stream", "http2/6.1/pad-length-too-large"
    };

    /** A target that never ACKs also leaves the SETTINGS of the preface unacknowledged (RFC 9113 §3.4). */
    private static final String[] PREFACE_SETTINGS_ACKED = {"generic/1/client-preface-accepted", "http2/3.5/server-preface-is-settings"};

    static {
        put(Fault.IGNORES_WINDOW_UPDATE_OVERFLOW, "http2/6.9.1/connection-window-overflow", "http2/6.9.1/stream-window-overflow");
        put(Fault.IGNORES_ZERO_WINDOW_INCREMENT, "http2/6.9/zero-increment-connection", "http2/6.9/zero-increment-stream");
        put(Fault.ACCEPTS_UPPERCASE_FIELD_NAMES, "http2/8.1.2/uppercase-field-name", "rfc9113/8.2.1/uppercase-in-name");
        put(Fault.ACCEPTS_DATA_ON_CLOSED_STREAM, "http2/5.1/closed-data", "http2/5.1/half-closed-remote-data",
                "http2/5.1/closed-after-rst-data", "http2/6.1/not-open-stream");
        put(Fault.ACCEPTS_FRAMES_OVER_MAX_SIZE, "http2/4.2/data-above-max-frame-size", "http2/4.2/headers-above-max-frame-size");
        put(Fault.IGNORES_CONTENT_LENGTH, "http2/8.1.2.6/content-length-above-single-data",
                "http2/8.1.2.6/content-length-above-sum-of-data", "http2/8.1.2.6/single-data-beyond-content-length",
                "http2/8.1.2.6/data-beyond-content-length");
        put(Fault.ACCEPTS_CONNECTION_SPECIFIC_FIELDS, "http2/8.1.2.2/connection-header", "rfc9113/8.2.2/proxy-connection",
                "rfc9113/8.2.2/keep-alive", "rfc9113/8.2.2/transfer-encoding", "rfc9113/8.2.2/upgrade",
                "http2/8.1.2.2/te-other-than-trailers", "rfc9113/8.2.2/te-gzip");
        put(Fault.ACCEPTS_HPACK_INDEX_ZERO, "hpack/6.1/index-zero");
        put(Fault.ACCEPTS_HUFFMAN_EOS, "hpack/5.2/huffman-eos");
        put(Fault.NO_RAPID_RESET_LIMIT, "security/rapid-reset");
        put(Fault.NO_CONTINUATION_LIMIT, "security/continuation-flood", "security/zero-length-continuation-flood");
        put(Fault.ACCEPTS_EVEN_STREAM_IDS, "http2/5.1.1/even-stream-id");
        put(Fault.ACCEPTS_DECREASING_STREAM_IDS, "http2/5.1.1/decreasing-stream-id");
        put(Fault.ACCEPTS_ENABLE_PUSH_2, "http2/6.5.2/enable-push-not-0-or-1");
        put(Fault.ACCEPTS_MAX_FRAME_SIZE_OUT_OF_RANGE, "http2/6.5.2/max-frame-size-too-small", "http2/6.5.2/max-frame-size-too-large");
        put(Fault.ACCEPTS_INITIAL_WINDOW_SIZE_TOO_LARGE, "http2/6.5.2/initial-window-size-too-large");
        put(Fault.ACCEPTS_PRIORITY_SELF_DEPENDENCY, "http2/5.3.1/headers-depends-on-itself", "http2/5.3.1/priority-depends-on-itself");
        put(Fault.ACCEPTS_PSEUDO_HEADERS_IN_TRAILERS, "http2/8.1.2.1/pseudo-header-in-trailers",
                "rfc9113/8.1/pseudo-header-in-trailers-without-content", "rfc9113/8.1/status-in-request-trailers");
        put(Fault.ACCEPTS_INVALID_FIELD_VALUES, "rfc9113/8.2.1/cr-in-value", "rfc9113/8.2.1/lf-in-value",
                "rfc9113/8.2.1/nul-in-value", "rfc9113/8.2.1/leading-space-in-value", "rfc9113/8.2.1/trailing-tab-in-value");
        put(Fault.ACCEPTS_PING_OF_WRONG_LENGTH, "http2/6.7/length-not-8");
        put(Fault.ACCEPTS_SETTINGS_ACK_WITH_PAYLOAD, "http2/6.5/ack-with-payload");

        put(Fault.ACCEPTS_DATA_ON_STREAM_ZERO, "http2/6.1/stream-id-zero");
        put(Fault.ACCEPTS_HEADERS_ON_STREAM_ZERO, "http2/6.2/stream-id-zero");
        put(Fault.ACCEPTS_PRIORITY_ON_STREAM_ZERO, "http2/6.3/stream-id-zero");
        put(Fault.ACCEPTS_RST_STREAM_ON_STREAM_ZERO, "http2/6.4/stream-id-zero");
        put(Fault.ACCEPTS_SETTINGS_ON_STREAM, "http2/6.5/nonzero-stream-id");
        // the §5.4.1 cases provoke their connection error with a PING on stream 3
        put(Fault.ACCEPTS_PING_ON_STREAM, "http2/6.7/nonzero-stream-id", "http2/5.4.1/close-after-connection-error",
                "http2/5.4.1/goaway-before-close");
        put(Fault.ACCEPTS_GOAWAY_ON_STREAM, "http2/6.8/nonzero-stream-id");
        put(Fault.ACCEPTS_PRIORITY_OF_WRONG_LENGTH, "http2/6.3/length-not-5");
        put(Fault.ACCEPTS_RST_STREAM_OF_WRONG_LENGTH, "http2/6.4/length-not-4");
        put(Fault.ACCEPTS_WINDOW_UPDATE_OF_WRONG_LENGTH, "http2/6.9/length-not-4");
        put(Fault.ACCEPTS_SETTINGS_LENGTH_NOT_MULTIPLE_OF_6, "http2/6.5/length-not-multiple-of-6");
        put(Fault.ACCEPTS_DATA_PADDING_TOO_LONG, "http2/6.1/pad-length-too-large");
        put(Fault.ACCEPTS_HEADERS_PADDING_TOO_LONG, "http2/6.2/pad-length-too-large");
        // a CONTINUATION on a stream with no field block open: after a complete block, or on an idle or closed stream
        put(Fault.ACCEPTS_CONTINUATION_WITHOUT_HEADERS, "http2/6.10/after-headers-with-end-headers",
                "http2/6.10/after-continuation-with-end-headers", "http2/6.10/after-data", "http2/5.1/idle-continuation",
                "http2/5.1/half-closed-remote-continuation", "http2/5.1/closed-after-rst-continuation",
                "http2/5.1/closed-continuation");
        put(Fault.IGNORES_MAX_CONCURRENT_STREAMS, "http2/5.1.2/exceed-max-concurrent-streams");
        // an evicted entry's index is past the end of the tables too
        put(Fault.ACCEPTS_HPACK_INDEX_OUT_OF_RANGE, "hpack/2.3.3/indexed-field-out-of-range",
                "hpack/2.3.3/literal-name-out-of-range", "hpack/2.3.2/evicted-entry-referenced");
        put(Fault.ACCEPTS_TABLE_SIZE_UPDATE_ABOVE_LIMIT, "hpack/6.3/size-update-above-limit");
        put(Fault.ACCEPTS_UNDEFINED_PSEUDO_HEADERS, "http2/8.1.2.1/unknown-pseudo-header");
        put(Fault.ACCEPTS_REPEATED_PSEUDO_HEADERS, "http2/8.1.2.3/duplicated-method", "http2/8.1.2.3/duplicated-scheme",
                "http2/8.1.2.3/duplicated-path");
        put(Fault.ACCEPTS_MISSING_REQUEST_PSEUDO_HEADERS, "http2/8.1.2.3/missing-method", "http2/8.1.2.3/missing-scheme",
                "http2/8.1.2.3/missing-path");

        // misbehaviours: the output/* cases judge the server's own frames
        put(Fault.ACKS_ONLY_FIRST_SETTINGS, LATER_SETTINGS_ACKED);
        put(Fault.NEVER_ACKS_SETTINGS, java.util.stream.Stream.concat(java.util.Arrays.stream(LATER_SETTINGS_ACKED),
                java.util.Arrays.stream(PREFACE_SETTINGS_ACKED)).toArray(String[]::new));
        put(Fault.IGNORES_PING, "http2/6.7/ping-is-acked", "http2/6.7/ack-is-not-answered", "generic/3.7/ping");
        put(Fault.PING_ACK_WITH_OTHER_DATA, "http2/6.7/ping-is-acked", "http2/6.7/ack-is-not-answered", "generic/3.7/ping");
        put(Fault.GOAWAY_ON_REPEATED_SETTING, "http2/6.5.3/values-in-order");
        put(Fault.SENDS_DATA_ABOVE_PEER_MAX_FRAME_SIZE, "output/4.2/frame-size");
        put(Fault.SENDS_UPPERCASE_RESPONSE_FIELD, "output/8.2.1/field-names");
        put(Fault.SENDS_CONNECTION_SPECIFIC_RESPONSE_FIELD, "output/8.2.2/connection-specific-fields");
        put(Fault.SENDS_DATA_AFTER_END_STREAM, "output/5.1/after-end-stream");
        put(Fault.SENDS_REQUEST_PSEUDO_HEADER_IN_RESPONSE, "output/8.3/response-pseudo-headers");
        put(Fault.WRONG_GOAWAY_LAST_STREAM_ID, "output/6.8/goaway-last-stream-id");
        put(Fault.SENDS_FRAMES_ON_RESET_STREAM, "output/5.1/after-reset");

        // misbehaviours that raise an error where the RFC allows none
        put(Fault.REJECTS_UNKNOWN_RST_STREAM_CODE, "http2/7/unknown-error-code-rst-stream");
        put(Fault.REJECTS_UNKNOWN_GOAWAY_CODE, "http2/7/unknown-error-code-goaway");
        put(Fault.REFUSES_REQUEST_WITHOUT_AUTHORITY, "rfc9113/8.3.1/no-authority-with-host",
                "rfc9113/8.3.1/options-asterisk-without-authority");

        // reactions that are not the rule a case tests: the case's control attributes them
        put(Fault.TAKES_ANY_ERROR_CODE_FOR_AN_ERROR);
        ATTRIBUTED.put(Fault.TAKES_ANY_ERROR_CODE_FOR_AN_ERROR,
                Set.of("http2/7/unknown-error-code-goaway", "http2/7/unknown-error-code-rst-stream"));
    }

    private FaultCatalog() {
    }

    private static void put(Fault fault, String... cases) {
        CATCHES.put(fault, Set.of(cases));
    }
}
