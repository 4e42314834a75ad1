package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.flow.InboundFlow;
import io.h2scope.engine.flow.OutboundFlow;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.settings.SettingsReceiver;
import io.h2scope.engine.stream.StreamRegistry;
import io.h2scope.engine.trace.model.Side;

/**
 * What a change of SETTINGS does to the rest of the connection (RFC 9113 §6.5.2), traced as it takes
 * effect: the peer's values steer our writer, encoder, send windows and stream limit; ours steer the
 * reader, the decoder, the receive windows and the peer's stream limit.
 */
final class SettingsEffects {

    private final SettingsExchange settings;
    private final TracePublisher tracer;
    private final HpackEncoder encoder;
    private final HpackDecoder decoder;
    private final OutboundFlow outbound;
    private final InboundFlow inbound;
    private final Output output;
    private final FrameReader reader;
    private final StreamRegistry registry;
    private final DataScheduler scheduler;
    /** Our own stream limit, which our SETTINGS never loosen. */
    private final long maxConcurrentStreams;

    SettingsEffects(SettingsExchange settings, TracePublisher tracer, HpackEncoder encoder, HpackDecoder decoder,
            OutboundFlow outbound, InboundFlow inbound, Output output, FrameReader reader, StreamRegistry registry,
            DataScheduler scheduler, Limits limits) {
        this.settings = settings;
        this.tracer = tracer;
        this.encoder = encoder;
        this.decoder = decoder;
        this.outbound = outbound;
        this.inbound = inbound;
        this.output = output;
        this.reader = reader;
        this.registry = registry;
        this.scheduler = scheduler;
        this.maxConcurrentStreams = limits.maxConcurrentStreams();
    }

    /**
     * The peer's SETTINGS (a frame, or an h2c upgrade's HTTP2-Settings): validated, traced as announced,
     * applied, traced as in force. The caller acknowledges it.
     */
    SettingsReceiver.Received receiveRemote(SettingsFrame frame) {
        SettingsReceiver.Received received = settings.receive(frame);
        tracer.settingsAnnounced(Side.REMOTE, received.entries());
        applyRemote(received);
        tracer.settingsInForce(Side.REMOTE, received.after());
        return received;
    }

    /** The peer acknowledged our SETTINGS: the values that tighten a limit take effect now. */
    Settings acknowledgeLocal() {
        Settings acknowledged = settings.onAck();
        tracer.settingsAcknowledged(Side.LOCAL);
        applyLocal(acknowledged);
        tracer.settingsInForce(Side.LOCAL, acknowledged);
        return acknowledged;
    }

    /** We announced SETTINGS: the values that loosen a limit take effect at once. */
    void announcedLocal() {
        applyLocal(settings.localAcknowledged());
    }

    private void applyRemote(SettingsReceiver.Received received) {
        for (Setting s : received.entries()) {
            int value = (int) Math.min(Integer.MAX_VALUE, s.value());
            switch (s.id()) {
                // RFC9113 §6.5.2: HEADER_TABLE_SIZE informs "the maximum size of the compression table used to decode field blocks"
                case HEADER_TABLE_SIZE -> encoder.setMaxTableSize(value);
                // RFC9113 §6.9.2: "a receiver MUST adjust the size of all stream flow-control windows that it maintains by the difference"
                case INITIAL_WINDOW_SIZE -> outbound.onInitialWindowSizeChange(value);
                // RFC9113 §4.2: frames up to the peer's SETTINGS_MAX_FRAME_SIZE
                case MAX_FRAME_SIZE -> output.setMaxFrameSize(value);
                // RFC9113 §5.1.2: "Endpoints MUST NOT exceed the limit set by their peer"
                case MAX_CONCURRENT_STREAMS -> registry.setMaxConcurrentLocal(s.value());
                default -> {
                    // ENABLE_PUSH is read when pushing; the others change nothing here
                }
            }
        }
        scheduler.onWindowOpened();
    }

    /**
     * Our settings as the peer applies them: values that loosen a limit take effect when sent,
     * values that tighten it when acknowledged (RFC 9113 §6.9.3, §6.5.3); HPACK only on ACK.
     */
    private void applyLocal(Settings acknowledged) {
        inbound.onInitialWindowSizeChange((int) settings.localLooser(SettingId.INITIAL_WINDOW_SIZE));
        reader.setMaxFrameSize((int) settings.localLooser(SettingId.MAX_FRAME_SIZE));
        long streamsAllowed = settings.localLooser(SettingId.MAX_CONCURRENT_STREAMS);
        registry.setMaxConcurrentRemote(Math.min(streamsAllowed, maxConcurrentStreams));
        // RFC7541 §4.2: the decoder's limit follows our SETTINGS_HEADER_TABLE_SIZE once acknowledged
        decoder.setMaxTableSize((int) Math.min(Integer.MAX_VALUE, acknowledged.headerTableSize()));
    }
}
