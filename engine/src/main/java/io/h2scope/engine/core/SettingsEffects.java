package io.h2scope.engine.core;

import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.Settings;

/**
 * What a change of SETTINGS does to the rest of the connection (RFC 9113 §6.5.2): the peer's
 * values steer our writer, encoder, send windows and stream limit; ours steer the reader, the
 * decoder, the receive windows and the peer's stream limit.
 */
final class SettingsEffects {

    private SettingsEffects() {
    }

    /** The peer's SETTINGS are validated and applied to windows, frame size, HPACK and stream c.limits. */
    static void applyRemote(Http2Connection c, SettingsExchange.Received received) {
        for (Setting s : received.entries()) {
            int value = (int) Math.min(Integer.MAX_VALUE, s.value());
            switch (s.id()) {
                // RFC9113 §6.5.2: HEADER_TABLE_SIZE informs "the maximum size of the compression table used to decode field blocks"
                case HEADER_TABLE_SIZE -> c.encoder.setMaxTableSize(value);
                // RFC9113 §6.9.2: "a receiver MUST adjust the size of all stream flow-control windows that it maintains by the difference"
                case INITIAL_WINDOW_SIZE -> c.outbound.onInitialWindowSizeChange(value);
                // RFC9113 §4.2: frames up to the peer's SETTINGS_MAX_FRAME_SIZE
                case MAX_FRAME_SIZE -> c.output.setMaxFrameSize(value);
                // RFC9113 §5.1.2: "Endpoints MUST NOT exceed the limit set by their peer"
                case MAX_CONCURRENT_STREAMS -> c.registry.setMaxConcurrentLocal(s.value());
                default -> {
                    // ENABLE_PUSH is read when pushing; the others change nothing here
                }
            }
        }
        c.scheduler.onWindowOpened();
    }

    /**
     * Our settings as the peer applies them: values that loosen a limit take effect when sent,
     * values that tighten it when acknowledged (RFC 9113 §6.9.3, §6.5.3); HPACK only on ACK.
     */
    static void applyLocal(Http2Connection c, Settings acknowledged) {
        Settings announced = c.settings.localAnnounced();
        c.inbound.onInitialWindowSizeChange(Math.max(acknowledged.initialWindowSize(), announced.initialWindowSize()));
        c.reader.setMaxFrameSize(Math.max(acknowledged.maxFrameSize(), announced.maxFrameSize()));
        long streamsAllowed = Math.max(acknowledged.maxConcurrentStreams(), announced.maxConcurrentStreams());
        c.registry.setMaxConcurrentRemote(Math.min(streamsAllowed, c.limits.maxConcurrentStreams()));
        // RFC7541 §4.2: the decoder's limit follows our SETTINGS_HEADER_TABLE_SIZE once acknowledged
        c.decoder.setMaxTableSize((int) Math.min(Integer.MAX_VALUE, acknowledged.headerTableSize()));
    }
}
