package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.flow.FlowWindow;
import io.h2scope.engine.flow.WindowUpdatePolicy;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.trace.model.TraceSink;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * How one connection behaves. Our first SETTINGS frame is {@link #localSettings()}: built from
 * the {@link Limits} (MAX_CONCURRENT_STREAMS, MAX_HEADER_LIST_SIZE, MAX_FRAME_SIZE) and the
 * fields below.
 *
 * @param connectionId      an id for traces and logs
 * @param limits            every enforced limit
 * @param initialWindowSize our SETTINGS_INITIAL_WINDOW_SIZE (per stream). Default 65,535
 * @param connectionWindow  the connection receive window we keep open; above 65,535 a WINDOW_UPDATE on
 *                          stream 0 follows our first SETTINGS. Default 65,535
 * @param headerTableSize   our SETTINGS_HEADER_TABLE_SIZE (HPACK decoder). Default 4,096
 * @param enablePush        a client's SETTINGS_ENABLE_PUSH (a server always sends 0). Default false
 * @param windowUpdatePolicy when consumed octets go back to the peer; {@link WindowUpdatePolicy#MANUAL}
 *                          leaves every WINDOW_UPDATE to {@code Http2Connection.windowUpdate}. Default HALF
 * @param messageRules      the HTTP message checks (RFC 9113 §8). Default {@link HttpMessageRules#DEFAULT}
 * @param traceSink         where frames are published. Default {@link TraceSink#NONE}
 * @param hooksForTesting   FOR TESTS ONLY: makes each connection's {@link ConnectionHooks}, through which
 *                          it breaks RFC rules on purpose (see {@link #withHooksForTesting}). Default null: none
 */
public record ConnectionConfig(long connectionId, Limits limits, int initialWindowSize, int connectionWindow,
        int headerTableSize, boolean enablePush, WindowUpdatePolicy windowUpdatePolicy, MessageRules messageRules,
        TraceSink traceSink, Supplier<ConnectionHooks> hooksForTesting) {

    public static final ConnectionConfig DEFAULTS = new ConnectionConfig(0, Limits.DEFAULTS,
            FlowWindow.DEFAULT_INITIAL_SIZE, FlowWindow.DEFAULT_INITIAL_SIZE, 4096, false, WindowUpdatePolicy.HALF,
            HttpMessageRules.DEFAULT, TraceSink.NONE, null);

    /** A configuration without test hooks. */
    public ConnectionConfig(long connectionId, Limits limits, int initialWindowSize, int connectionWindow,
            int headerTableSize, boolean enablePush, WindowUpdatePolicy windowUpdatePolicy, MessageRules messageRules,
            TraceSink traceSink) {
        this(connectionId, limits, initialWindowSize, connectionWindow, headerTableSize, enablePush, windowUpdatePolicy,
                messageRules, traceSink, null);
    }

    public ConnectionConfig {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(windowUpdatePolicy, "windowUpdatePolicy");
        Objects.requireNonNull(messageRules, "messageRules");
        Objects.requireNonNull(traceSink, "traceSink");
        if (initialWindowSize < 0 || connectionWindow < FlowWindow.DEFAULT_INITIAL_SIZE || headerTableSize < 0) {
            throw new IllegalArgumentException("initialWindowSize >= 0, connectionWindow >= 65535 and "
                    + "headerTableSize >= 0 required");
        }
    }

    /** Our SETTINGS as first sent (push is offered only by a client that enables it). */
    public Settings localSettings(boolean client) {
        return Settings.builder()
                .headerTableSize(headerTableSize)
                .enablePush(client && enablePush)
                .maxConcurrentStreams(limits.maxConcurrentStreams())
                .initialWindowSize(initialWindowSize)
                .maxFrameSize(limits.maxFrameSize())
                .maxHeaderListSize(limits.maxHeaderListSize())
                .build();
    }

    public ConnectionConfig withLimits(Limits v) {
        return new ConnectionConfig(connectionId, v, initialWindowSize, connectionWindow, headerTableSize, enablePush,
                windowUpdatePolicy, messageRules, traceSink, hooksForTesting);
    }

    public ConnectionConfig withWindows(int initialStreamWindow, int connectionReceiveWindow) {
        return new ConnectionConfig(connectionId, limits, initialStreamWindow, connectionReceiveWindow, headerTableSize,
                enablePush, windowUpdatePolicy, messageRules, traceSink, hooksForTesting);
    }

    public ConnectionConfig withEnablePush(boolean v) {
        return new ConnectionConfig(connectionId, limits, initialWindowSize, connectionWindow, headerTableSize, v,
                windowUpdatePolicy, messageRules, traceSink, hooksForTesting);
    }

    public ConnectionConfig withWindowUpdatePolicy(WindowUpdatePolicy v) {
        return new ConnectionConfig(connectionId, limits, initialWindowSize, connectionWindow, headerTableSize,
                enablePush, v, messageRules, traceSink, hooksForTesting);
    }

    public ConnectionConfig withMessageRules(MessageRules v) {
        return new ConnectionConfig(connectionId, limits, initialWindowSize, connectionWindow, headerTableSize,
                enablePush, windowUpdatePolicy, v, traceSink, hooksForTesting);
    }

    /**
     * FOR TESTS ONLY: each connection asks a fresh {@link ConnectionHooks} from {@code v} and breaks the RFC
     * rules it says, so the conformance suite can prove its cases catch them. Never use it to serve anyone.
     */
    public ConnectionConfig withHooksForTesting(Supplier<ConnectionHooks> v) {
        return new ConnectionConfig(connectionId, limits, initialWindowSize, connectionWindow, headerTableSize,
                enablePush, windowUpdatePolicy, messageRules, traceSink, v);
    }

    public ConnectionConfig withTraceSink(long id, TraceSink v) {
        return new ConnectionConfig(id, limits, initialWindowSize, connectionWindow, headerTableSize, enablePush,
                windowUpdatePolicy, messageRules, v, hooksForTesting);
    }
}
