package io.h2scope.conformance.embedded;

import io.h2scope.engine.core.fault.Fault;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/** Which cases catch each {@link Fault}: the table of docs/CONFORMANCE.md, checked by {@link FaultInjectionTest}. */
final class FaultCatalog {

    static final Map<Fault, Set<String>> CATCHES = new EnumMap<>(Fault.class);

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
        put(Fault.REJECTS_UNKNOWN_RST_STREAM_CODE, "http2/7/unknown-error-code-rst-stream");
        put(Fault.REJECTS_UNKNOWN_GOAWAY_CODE, "http2/7/unknown-error-code-goaway");
        put(Fault.REFUSES_REQUEST_WITHOUT_AUTHORITY, "rfc9113/8.3.1/no-authority-with-host",
                "rfc9113/8.3.1/options-asterisk-without-authority");
    }

    private FaultCatalog() {
    }

    private static void put(Fault fault, String... cases) {
        CATCHES.put(fault, Set.of(cases));
    }
}
